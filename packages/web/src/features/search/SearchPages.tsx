import { FolderOpenOutlined, SearchOutlined } from '@ant-design/icons';
import { type ContactGroup, cutSearchInput, QUICK_SEARCH_ROWS, type SearchMember } from '@cirrus/shared';
import { Button, Empty, Result, Segmented, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../app/paths';
import { HoverTooltip } from '../../components/HoverTooltip';
import { TeamAvatar } from '../../components/TeamAvatar';
import { UserAvatar } from '../../components/UserAvatar';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useCurrentUser } from '../auth/queries';
import { useSettings } from '../settings/queries';
import { AdvancedSearchForm } from './AdvancedSearchForm';
import { FileHitList } from './FileHitList';
import { Highlight, termRanges } from './Highlight';
import { ListFooter } from './ListFooter';
import {
  type AdvancedFilters,
  fileSearchRequest,
  filtersFromSearch,
  SEARCH_KINDS,
  type SearchKind,
  searchAllPath,
  searchListPath,
  searchOfFilters,
} from './paths';
import { useFileSearch, useMemberSearch, useTeamSearch } from './queries';
import { hasTeamFilesShortcut } from './SearchBox';
import { useSearchFailure } from './useSearchFailure';
import './search.css';

/** The keyword of a route, as the search takes it (cut to 30 characters, trimmed). */
function useKeyword(): string {
  const { keyword } = useParams();
  return cutSearchInput(keyword ?? '').trim();
}

/** The tab's title and the page's heading for a keyword; plain "Search" while there is none. */
function useSearchTitles(keyword: string): { title: string; heading: string } {
  const { t } = useTranslation('search');
  const none = t('page.headingNone');
  const titles = keyword
    ? { title: t('page.title', { keyword }), heading: t('page.heading', { keyword }) }
    : { title: none, heading: none };
  useDocumentTitle(titles.title);
  return titles;
}

interface ListStateProps {
  error: unknown;
  loading: boolean;
  empty: boolean;
  onRetry: () => void;
  /** A few rows in a section of the all-results page: a one-line empty state. */
  compact?: boolean;
  /** What to try when nothing is found; only the files tab has the advanced search to point to. */
  emptyText?: string;
  children: ReactNode;
}

/** Loading, failed (spec 001 §8: no answer body = server busy and the server-error placeholder), empty, or the list. */
function ListState({ error, loading, empty, onRetry, compact, emptyText, children }: ListStateProps) {
  const { t } = useTranslation('search');
  const failure = useSearchFailure(error);
  if (failure) {
    return failure.kind === 'serverBusy' ? (
      <Result
        status="500"
        title={t('page.serverError')}
        subTitle={t('page.serverErrorText')}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('page.retry')}
          </Button>
        }
      />
    ) : (
      <Result status="warning" title={t('page.failed')} subTitle={failure.text} />
    );
  }
  if (loading)
    return <Skeleton active paragraph={{ rows: compact ? 2 : 6 }} className="cirrus-search-skeleton" />;
  if (empty && compact) return <Typography.Text type="secondary">{t('dropdown.none')}</Typography.Text>;
  if (empty) {
    return (
      <Empty
        className="cirrus-search-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text strong>{t('page.empty')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{emptyText ?? t('page.emptyTextPlain')}</Typography.Text>
          </>
        }
      />
    );
  }
  return <>{children}</>;
}

function TeamRow({ team, keyword }: { team: ContactGroup; keyword: string }) {
  const { t } = useTranslation('search');
  return (
    <li className="cirrus-entity-row">
      <Link to={`${paths.contacts}/group/${team.id}`} className="cirrus-entity-main">
        <TeamAvatar team={team} size={36} />
        <span className="cirrus-entity-text">
          <span className="cirrus-entity-name">
            <Highlight text={team.name} ranges={termRanges(team.name, keyword)} />
          </span>
          <Typography.Text type="secondary">
            {team.type === 1 ? `${t('hit.chat')} · ` : ''}
            {t('hit.memberCount', { count: team.member_count })}
          </Typography.Text>
        </span>
      </Link>
      {hasTeamFilesShortcut(team) && (
        <HoverTooltip title={t('dropdown.teamFiles')}>
          <Link
            to={`${paths.drive}/group/${team.id}`}
            aria-label={t('dropdown.teamFiles')}
            className="cirrus-entity-action"
          >
            <FolderOpenOutlined />
          </Link>
        </HoverTooltip>
      )}
    </li>
  );
}

function MemberRow({ member, keyword }: { member: SearchMember; keyword: string }) {
  return (
    <li className="cirrus-entity-row">
      <Link to={paths.user(member.userId)} className="cirrus-entity-main">
        <UserAvatar
          user={{ id: member.userId, nick_name: member.nick_name, avatar: member.avatar }}
          size={36}
        />
        <span className="cirrus-entity-text">
          <span className="cirrus-entity-name">
            <Highlight text={member.nick_name} ranges={termRanges(member.nick_name, keyword)} />
          </span>
          <Typography.Text type="secondary">
            {[member.departmentDisplayNames[0] ?? member.departmentNames[0], member.emails[0]]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </span>
      </Link>
    </li>
  );
}

function TeamResults({ keyword, limit }: { keyword: string; limit?: number }) {
  const settings = useSettings();
  const search = useTeamSearch(keyword, settings.allow_chat);
  const teams = limit ? search.teams.slice(0, limit) : search.teams;
  return (
    <ListState
      error={search.error}
      loading={search.isPending && keyword !== ''}
      empty={search.teams.length === 0}
      onRetry={() => void search.refetch()}
      compact={limit !== undefined}
    >
      <ul className="cirrus-entity-list">
        {teams.map((team) => (
          <TeamRow key={team.id} team={team} keyword={keyword} />
        ))}
      </ul>
      {!limit && (
        <ListFooter
          hasMore={search.hasNextPage}
          loading={search.isFetchingNextPage}
          onLoadMore={() => void search.fetchNextPage()}
        />
      )}
    </ListState>
  );
}

function MemberResults({ keyword, limit }: { keyword: string; limit?: number }) {
  const user = useCurrentUser();
  const search = useMemberSearch(user.companyid, keyword);
  const members = limit ? search.members.slice(0, limit) : search.members;
  return (
    <ListState
      error={search.error}
      loading={search.isPending && keyword !== '' && user.companyid > 0}
      empty={search.members.length === 0}
      onRetry={() => void search.refetch()}
      compact={limit !== undefined}
    >
      <ul className="cirrus-entity-list">
        {members.map((member) => (
          <MemberRow key={member.userId} member={member} keyword={keyword} />
        ))}
      </ul>
      {!limit && (
        <ListFooter
          hasMore={search.hasNextPage}
          loading={search.isFetchingNextPage}
          onLoadMore={() => void search.fetchNextPage()}
        />
      )}
    </ListState>
  );
}

function FileResults({ keyword, onAllTab = false }: { keyword: string; onAllTab?: boolean }) {
  const { t } = useTranslation('search');
  const { search } = useLocation();
  const settings = useSettings();
  const request = fileSearchRequest(keyword, search, settings.allow_advanced_search);
  const files = useFileSearch(request.mode, request.query, !request.empty);
  // The advanced search is on the files tab only: there it is "the advanced search", from the
  // all-results page it is the one on the files tab.
  const emptyText = !settings.allow_advanced_search
    ? t('page.emptyTextPlain')
    : onAllTab
      ? t('page.emptyTextAll')
      : t('page.emptyText');
  return (
    <ListState
      error={files.error}
      loading={files.isPending && !request.empty}
      empty={files.files.length === 0}
      onRetry={() => void files.refetch()}
      emptyText={emptyText}
    >
      <FileHitList hits={files.files} />
      <ListFooter
        hasMore={files.hasNextPage}
        loading={files.isFetchingNextPage}
        onLoadMore={() => void files.fetchNextPage()}
      />
    </ListState>
  );
}

/** The tabs between the kinds of one search. */
function KindTabs({ keyword, current }: { keyword: string; current: SearchKind | 'all' }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const { area = 'drive' } = useParams();
  const user = useCurrentUser();
  const kinds = SEARCH_KINDS.filter((kind) => kind !== 'member' || user.companyid > 0);
  return (
    <Segmented<SearchKind | 'all'>
      value={current}
      options={[
        { value: 'all', label: t('tabs.all') },
        ...kinds.map((kind) => ({ value: kind, label: t(`tabs.${kind}`) })),
      ]}
      onChange={(next) =>
        void navigate(next === 'all' ? searchAllPath(keyword) : searchListPath(area, next, keyword))
      }
    />
  );
}

interface SectionBlockProps {
  title: string;
  viewAll?: string;
  children: ReactNode;
}

function SectionBlock({ title, viewAll, children }: SectionBlockProps) {
  const { t } = useTranslation('search');
  return (
    <section className="cirrus-search-section" aria-label={title}>
      <header className="cirrus-search-section-head">
        <Typography.Title level={2}>{title}</Typography.Title>
        {viewAll && <Link to={viewAll}>{t('dropdown.viewAll')}</Link>}
      </header>
      {children}
    </section>
  );
}

function NoKeyword() {
  const { t } = useTranslation('search');
  return (
    <Empty
      image={<SearchOutlined className="cirrus-search-empty-icon" />}
      description={t('page.noKeyword')}
    />
  );
}

/** search/{keyword} (spec 001 §2): teams and people (the first few), then the files in full. */
export function SearchAllPage() {
  const { t } = useTranslation('search');
  const keyword = useKeyword();
  const user = useCurrentUser();
  const settings = useSettings();
  const { heading } = useSearchTitles(keyword);
  const area = 'drive';
  // "View all" when a kind has more than the rows shown (the same queries the sections run).
  const teams = useTeamSearch(keyword, settings.allow_chat);
  const members = useMemberSearch(user.companyid, keyword);
  const teamsMore = teams.teams.length > QUICK_SEARCH_ROWS || teams.hasNextPage;
  const membersMore = members.members.length > QUICK_SEARCH_ROWS || members.hasNextPage;
  return (
    <section className="cirrus-search-page">
      <div className="cirrus-search-page-head">
        <Typography.Title level={1}>{heading}</Typography.Title>
        <KindTabs keyword={keyword} current="all" />
      </div>
      {keyword === '' ? (
        <NoKeyword />
      ) : (
        <div className="cirrus-search-sections">
          <SectionBlock
            title={t('tabs.team')}
            viewAll={teamsMore ? searchListPath(area, 'team', keyword) : undefined}
          >
            <TeamResults keyword={keyword} limit={QUICK_SEARCH_ROWS} />
          </SectionBlock>
          {user.companyid > 0 && (
            <SectionBlock
              title={t('tabs.member')}
              viewAll={membersMore ? searchListPath(area, 'member', keyword) : undefined}
            >
              <MemberResults keyword={keyword} limit={QUICK_SEARCH_ROWS} />
            </SectionBlock>
          )}
          <SectionBlock title={t('tabs.file')}>
            <FileResults keyword={keyword} onAllTab />
          </SectionBlock>
        </div>
      )}
    </section>
  );
}

/** /{area}/search/{team|member|file}/{keyword} (spec 001 §2): one kind in full. */
export function SearchListPage({ kind }: { kind: SearchKind }) {
  const { t } = useTranslation('search');
  const keyword = useKeyword();
  const location = useLocation();
  const navigate = useNavigate();
  const { area = 'drive' } = useParams();
  const settings = useSettings();
  const { adv, filters } = filtersFromSearch(location.search);
  const advanced = kind === 'file' && settings.allow_advanced_search;
  const titles = useSearchTitles(keyword || filters.body || '');
  const heading = adv && advanced ? t('page.headingAdvanced') : titles.heading;

  const onAdvanced = (next: AdvancedFilters) =>
    void navigate(searchListPath(area, 'file', next.fname ?? '', searchOfFilters(next)));
  const hasQuery = keyword !== '' || (advanced && adv && Boolean(filters.fname || filters.body));

  return (
    <section className="cirrus-search-page">
      <div className="cirrus-search-page-head">
        <Typography.Title level={1}>{heading}</Typography.Title>
        <KindTabs keyword={keyword} current={kind} />
      </div>
      {advanced && (
        <details className="cirrus-adv" open={adv || undefined}>
          <summary>{t('advanced.show')}</summary>
          <AdvancedSearchForm
            initial={adv ? filters : { fname: keyword || undefined }}
            onSearch={onAdvanced}
          />
        </details>
      )}
      {!hasQuery ? (
        <NoKeyword />
      ) : kind === 'team' ? (
        <TeamResults keyword={keyword} />
      ) : kind === 'member' ? (
        <MemberResults keyword={keyword} />
      ) : (
        <FileResults keyword={keyword} />
      )}
    </section>
  );
}
