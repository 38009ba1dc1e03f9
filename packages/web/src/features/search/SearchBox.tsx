import { FolderOpenOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type ContactGroup,
  cutSearchInput,
  QUICK_SEARCH_ROWS,
  SEARCH_DEBOUNCE_MS,
  type SearchFileHit,
  type SearchMember,
} from '@cirrus/shared';
import { Button, Input, type InputRef, Popover, Spin, Typography } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { FileThumb } from '../../components/FileThumb';
import { HoverTooltip } from '../../components/HoverTooltip';
import { TeamAvatar } from '../../components/TeamAvatar';
import { UserAvatar } from '../../components/UserAvatar';
import { useCurrentUser } from '../auth/queries';
import { useSettings } from '../settings/queries';
import { Highlight, termRanges } from './Highlight';
import { hitOpenPath, useSpaceNames } from './hits';
import { type SearchKind, searchAllPath, searchAreaOf, searchKeywordOf, searchListPath } from './paths';
import { useDropdownFiles, useDropdownMembers, useDropdownTeams } from './queries';
import './search.css';

/** The input as it settles: a value once it stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** spec 001 §7 "Search team item": a team of a type other than 1 gets a team-files shortcut. */
export const hasTeamFilesShortcut = (team: Pick<ContactGroup, 'type'>) => team.type !== 1;

interface SectionProps<T> {
  kind: SearchKind;
  title: string;
  items: readonly T[] | undefined;
  more: boolean;
  loading: boolean;
  failed: boolean;
  onViewAll: () => void;
  render: (item: T) => ReactNode;
}

/** One kind in the dropdown: at most 3 rows, and "view all" when there are more (spec 001 §2). */
function Section<T>({ kind, title, items, more, loading, failed, onViewAll, render }: SectionProps<T>) {
  const { t } = useTranslation('search');
  const rows = items?.slice(0, QUICK_SEARCH_ROWS) ?? [];
  return (
    <section className="cirrus-qs-section" aria-label={title} data-kind={kind}>
      <header className="cirrus-qs-head">
        <Typography.Text type="secondary" strong>
          {title}
        </Typography.Text>
        {(more || (items?.length ?? 0) > QUICK_SEARCH_ROWS) && (
          <Button type="link" size="small" onClick={onViewAll}>
            {t('dropdown.viewAll')}
          </Button>
        )}
      </header>
      {loading && !items ? (
        <div className="cirrus-qs-state">
          <Spin size="small" /> <Typography.Text type="secondary">{t('dropdown.searching')}</Typography.Text>
        </div>
      ) : failed ? (
        <div className="cirrus-qs-state">
          <Typography.Text type="secondary">{t('dropdown.failed')}</Typography.Text>
        </div>
      ) : rows.length === 0 ? (
        <div className="cirrus-qs-state">
          <Typography.Text type="secondary">{t('dropdown.none')}</Typography.Text>
        </div>
      ) : (
        <ul className="cirrus-qs-list">{rows.map(render)}</ul>
      )}
    </section>
  );
}

/**
 * The top bar's search (spec 001 §2 "Quick search dropdowns"): as the user types (cut to 30
 * characters, debounced 500 ms) a dropdown shows teams, people and files, at most 3 of each with
 * "view all" to their full pages; Enter opens all results. A team opens its page (and its files
 * by the shortcut), a person their card, a file in the viewer (its folder is a button of the results page).
 */
export function SearchBox() {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const settings = useSettings();
  const { personal, nameOf } = useSpaceNames();
  const input = useRef<InputRef>(null);
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const keyword = useDebounced(value, SEARCH_DEBOUNCE_MS).trim();
  const area = searchAreaOf(location.pathname);

  const teams = useDropdownTeams(keyword, settings.allow_chat);
  const members = useDropdownMembers(user.companyid, keyword);
  const files = useDropdownFiles(keyword);

  // Leaving the page (a result was opened) closes the dropdown; a results page shows its keyword.
  useEffect(() => {
    setOpen(false);
    const shown = searchKeywordOf(location.pathname);
    if (shown !== undefined) setValue(cutSearchInput(shown));
  }, [location.pathname]);

  const go = (to: string) => {
    setOpen(false);
    input.current?.blur();
    void navigate(to);
  };
  const viewAll = (kind: SearchKind) =>
    go(searchListPath(area, kind, keyword, kind === 'file' ? location.search : ''));
  // The arrow keys walk the results: down from the box to the first, up from the first back to it.
  const panelRef = useRef<HTMLDivElement>(null);
  const results = () =>
    Array.from(
      panelRef.current?.querySelectorAll<HTMLButtonElement>('.cirrus-qs-item, .cirrus-qs-all') ?? [],
    );
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && value.trim()) go(searchAllPath(value.trim()));
    if (event.key === 'Escape') setOpen(false);
    if (event.key === 'ArrowDown' && open) {
      event.preventDefault();
      results()[0]?.focus();
    }
  };
  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = results();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = at + (event.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) input.current?.focus();
      else list[Math.min(next, list.length - 1)]?.focus();
    } else if (event.key === 'Escape') {
      setOpen(false);
      input.current?.focus();
    }
  };

  const panel = (
    <div
      ref={panelRef}
      className="cirrus-qs-panel"
      role="dialog"
      aria-label={t('box.label')}
      onKeyDown={onPanelKeyDown}
    >
      <Section<ContactGroup>
        kind="team"
        title={t('dropdown.teams')}
        items={teams.data?.groups}
        more={teams.data?.more ?? false}
        loading={teams.isFetching}
        failed={teams.isError}
        onViewAll={() => viewAll('team')}
        render={(team) => (
          <li key={team.id} className="cirrus-qs-row">
            <button
              type="button"
              className="cirrus-qs-item"
              onClick={() => go(`${paths.contacts}/group/${team.id}`)}
            >
              <TeamAvatar team={team} size={24} />
              <span className="cirrus-qs-text">
                <span className="cirrus-qs-name">
                  <Highlight text={team.name} ranges={termRanges(team.name, keyword)} />
                </span>
              </span>
            </button>
            {hasTeamFilesShortcut(team) && (
              <HoverTooltip title={t('dropdown.teamFiles')}>
                <Button
                  type="text"
                  size="small"
                  icon={<FolderOpenOutlined />}
                  aria-label={t('dropdown.teamFiles')}
                  onClick={() => go(`${paths.drive}/group/${team.id}`)}
                />
              </HoverTooltip>
            )}
          </li>
        )}
      />
      {user.companyid > 0 && (
        <Section<SearchMember>
          kind="member"
          title={t('dropdown.members')}
          items={members.data?.members}
          more={members.data?.more ?? false}
          loading={members.isFetching}
          failed={members.isError}
          onViewAll={() => viewAll('member')}
          render={(member) => (
            <li key={member.userId} className="cirrus-qs-row">
              <button type="button" className="cirrus-qs-item" onClick={() => go(paths.user(member.userId))}>
                <UserAvatar
                  user={{ id: member.userId, nick_name: member.nick_name, avatar: member.avatar }}
                  size={24}
                />
                <span className="cirrus-qs-text">
                  <span className="cirrus-qs-name">
                    <Highlight text={member.nick_name} ranges={termRanges(member.nick_name, keyword)} />
                  </span>
                  {member.departmentNames[0] && (
                    <Typography.Text type="secondary" className="cirrus-qs-sub">
                      {member.departmentNames[0]}
                    </Typography.Text>
                  )}
                </span>
              </button>
            </li>
          )}
        />
      )}
      <Section<SearchFileHit>
        kind="file"
        title={t('dropdown.files')}
        items={files.data?.files}
        more={files.data?.more ?? false}
        loading={files.isFetching}
        failed={files.isError}
        onViewAll={() => viewAll('file')}
        render={(hit) => (
          <li key={hit.fileid} className="cirrus-qs-row">
            <button type="button" className="cirrus-qs-item" onClick={() => go(hitOpenPath(hit, personal))}>
              <FileThumb file={hit} box={24} iconSize={20} />
              <span className="cirrus-qs-text">
                <span className="cirrus-qs-name">
                  <Highlight text={hit.fname} ranges={hit.search.name_ranges} />
                </span>
                <Typography.Text type="secondary" className="cirrus-qs-sub">
                  {[nameOf(hit.groupid), hit.path.slice(0, hit.path.lastIndexOf('/'))]
                    .filter(Boolean)
                    .join(' · ') || '/'}
                </Typography.Text>
              </span>
            </button>
          </li>
        )}
      />
      <button type="button" className="cirrus-qs-all" onClick={() => go(searchAllPath(keyword))}>
        <SearchOutlined aria-hidden /> {t('dropdown.all', { keyword })}
      </button>
    </div>
  );

  return (
    <div className="cirrus-search-box">
      <Popover
        open={open && keyword !== ''}
        onOpenChange={(next) => {
          if (!next) setOpen(false);
        }}
        content={panel}
        trigger="click"
        placement="bottomLeft"
        // A phone is narrower than the box's left edge and the panel: it moves in from the edge.
        align={{ overflow: { adjustY: 1, shiftX: 12 } }}
        arrow={false}
        classNames={{ root: 'cirrus-qs-popover' }}
        destroyOnHidden
      >
        <Input
          ref={input}
          role="searchbox"
          aria-label={t('box.label')}
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('box.placeholder')}
          allowClear
          value={value}
          onChange={(event) => {
            // spec 000 §5, 001 §5: the input is cut to 30 characters.
            setValue(cutSearchInput(event.target.value));
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
      </Popover>
    </div>
  );
}
