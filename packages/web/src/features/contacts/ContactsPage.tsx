import { ApartmentOutlined, RightOutlined, StarOutlined, TeamOutlined } from '@ant-design/icons';
import {
  cutSearchInput,
  PAGE_SIZE_DEPTS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_CHARS,
  type SearchMember,
} from '@cirrus/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Avatar, Button, Empty, Input, Menu, Spin, Tree, Typography } from 'antd';
import { type ReactNode, type UIEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { directoryApi } from '../../api/directory';
import { nameSearchApi } from '../../api/namesearch';
import { paths } from '../../app/paths';
import { TeamAvatar } from '../../components/TeamAvatar';
import { UserAvatar } from '../../components/UserAvatar';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useCurrentUser } from '../auth/queries';
import { UserCardDialog } from '../profile/UserCardDialog';
import { useSettings } from '../settings/queries';
import { TeamDetailsButton } from '../teams/TeamDetailsButton';
import { buildDeptTree, type DeptNode } from './dept-tree';
import '../../components/contact-picker.css';
import './contacts.css';

type View = { kind: 'dept'; id: number } | { kind: 'favorites' };

interface TreeItem {
  key: number;
  title: string;
  children: TreeItem[];
}

const toTreeData = (nodes: DeptNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.key, title: `${n.title} (${n.count})`, children: toTreeData(n.children) }));

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function PersonRow({ person, onOpen }: { person: SearchMember; onOpen: (id: number) => void }) {
  return (
    <li>
      <button
        type="button"
        className="cirrus-person-row"
        onClick={() => onOpen(person.id)}
        data-testid={`person-${person.id}`}
      >
        <UserAvatar user={person} size={36} />
        <span className="cirrus-person-main">
          <span className="cirrus-person-name">{person.nick_name}</span>
          <Typography.Text type="secondary" className="cirrus-person-sub">
            {[person.departmentNames.join(' / '), person.emails[0]].filter(Boolean).join(' · ')}
          </Typography.Text>
        </span>
      </button>
    </li>
  );
}

/** The people of one department, 50 a page as the list scrolls (spec 000 §7 depts/{id}/list). */
function DeptPeople({
  deptId,
  onOpen,
  onDept,
}: {
  deptId: number;
  onOpen: (id: number) => void;
  onDept: (id: number) => void;
}) {
  const { t } = useTranslation('teams');
  const list = useInfiniteQuery({
    queryKey: ['contacts', 'dept', deptId],
    queryFn: ({ pageParam }) => directoryApi.deptList(deptId, pageParam, PAGE_SIZE_DEPTS),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.offset + last.members.length : undefined),
  });
  const pages = list.data?.pages ?? [];
  const people = pages.flatMap((p) => p.members);
  const dept = pages[0]?.dept;
  const subDepts = pages[0]?.depts ?? [];
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (
      el.scrollHeight - el.scrollTop - el.clientHeight < 120 &&
      list.hasNextPage &&
      !list.isFetchingNextPage
    ) {
      void list.fetchNextPage();
    }
  };
  if (list.isPending) return <Spin className="cirrus-contacts-spin" />;
  return (
    <>
      <div className="cirrus-contacts-head">
        <Typography.Title level={2} className="cirrus-contacts-title">
          {dept?.display_path_name}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('contacts.deptSummary', { people: dept?.member_count ?? 0, direct: pages[0]?.total ?? 0 })}
        </Typography.Text>
      </div>
      <div className="cirrus-contacts-list" onScroll={onScroll}>
        {subDepts.length > 0 && (
          <ul className="cirrus-contacts-depts">
            {subDepts.map((d) => (
              <li key={d.id}>
                <button type="button" className="cirrus-person-row" onClick={() => onDept(d.id)}>
                  <Avatar
                    shape="square"
                    size={36}
                    icon={<ApartmentOutlined />}
                    className="cirrus-picker-dept"
                  />
                  <span className="cirrus-person-main">
                    <span className="cirrus-person-name">{d.name}</span>
                    <Typography.Text type="secondary" className="cirrus-person-sub">
                      {t('picker.people', { count: d.member_count })}
                    </Typography.Text>
                  </span>
                  <RightOutlined className="cirrus-picker-chevron" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {people.length === 0 ? (
          subDepts.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('contacts.noPeople')} />
          )
        ) : (
          <ul>
            {people.map((p) => (
              <PersonRow key={p.id} person={p} onOpen={onOpen} />
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <Button
            type="link"
            block
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('common.loadMore')}
          </Button>
        )}
      </div>
    </>
  );
}

function Favorites({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('teams');
  const favorites = useQuery({
    queryKey: ['contacts', 'favorites'],
    queryFn: () => directoryApi.favorites(),
  });
  if (favorites.isPending) return <Spin className="cirrus-contacts-spin" />;
  const items = favorites.data?.favorites ?? [];
  return (
    <>
      <div className="cirrus-contacts-head">
        <Typography.Title level={2} className="cirrus-contacts-title">
          {t('contacts.favorites')}
        </Typography.Title>
      </div>
      <div className="cirrus-contacts-list">
        {items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('contacts.noFavorites')} />
        ) : (
          <ul>
            {items.map((f) =>
              f.user ? (
                <PersonRow
                  key={`u${f.entity_id}`}
                  onOpen={onOpen}
                  person={{
                    id: f.user.id,
                    userId: f.user.id,
                    nick_name: f.user.nick_name,
                    realName: f.user.nick_name,
                    unique_name: f.user.unique_name,
                    avatar: f.user.avatar,
                    pinyin: '',
                    emails: f.user.email ? [f.user.email] : [],
                    phones: [],
                    departmentNames: f.user.depts.map((d) => d.display_name),
                    departmentDisplayNames: f.user.depts.map((d) => d.display_path_name),
                  }}
                />
              ) : f.group ? (
                <li key={`g${f.entity_id}`} className="cirrus-person-row is-static">
                  <TeamAvatar team={f.group} size={36} />
                  <span className="cirrus-person-main">
                    <span className="cirrus-person-name">{f.group.name}</span>
                    <Typography.Text type="secondary" className="cirrus-person-sub">
                      {t(`types.${f.group.type as 1 | 2 | 3}`)}
                    </Typography.Text>
                  </span>
                  <TeamDetailsButton groupId={f.group.id} teamType={f.group.type} />
                </li>
              ) : null,
            )}
          </ul>
        )}
      </div>
    </>
  );
}

/**
 * The company directory (/contacts, spec 000 §2, §7): the department tree, the people of a
 * department, favourites, a search across the company, and the user card of whoever is clicked.
 */
export function ContactsPage() {
  const { t } = useTranslation('teams');
  const { t: tc } = useTranslation();
  const me = useCurrentUser();
  const settings = useSettings();
  useDocumentTitle(tc('contacts.title'));
  const organisation = settings.allow_organization && me.companyid > 0;
  const depts = useQuery({
    queryKey: ['contacts', 'depts'],
    queryFn: directoryApi.depts,
    enabled: organisation,
  });
  const tree = useMemo(() => buildDeptTree(depts.data?.depts ?? []), [depts.data]);
  const [view, setView] = useState<View | null>(null);
  const [card, setCard] = useState<number | null>(null);
  const [input, setInput] = useState('');
  const keywords = cutSearchInput(useDebounced(input, SEARCH_DEBOUNCE_MS)).trim();
  const search = useQuery({
    queryKey: ['contacts', 'search', keywords],
    queryFn: ({ signal }) => nameSearchApi.users(me.companyid, { keywords, ignore_depts: true }, { signal }),
    enabled: organisation && keywords !== '',
  });
  const current: View = view ?? (tree[0] ? { kind: 'dept', id: tree[0].key } : { kind: 'favorites' });

  let main: ReactNode;
  if (keywords !== '') {
    main = search.isPending ? (
      <Spin className="cirrus-contacts-spin" />
    ) : (
      <div className="cirrus-contacts-list">
        {(search.data?.members.length ?? 0) === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('contacts.noResults')} />
        ) : (
          <ul>
            {search.data?.members.map((p) => (
              <PersonRow key={p.id} person={p} onOpen={setCard} />
            ))}
          </ul>
        )}
      </div>
    );
  } else if (current.kind === 'dept') {
    main = (
      <DeptPeople
        key={current.id}
        deptId={current.id}
        onOpen={setCard}
        onDept={(id) => setView({ kind: 'dept', id })}
      />
    );
  } else {
    main = <Favorites onOpen={setCard} />;
  }

  return (
    <section className="cirrus-contacts">
      {/* The page's name; the department or list shown has an h2 of its own. */}
      <h1 className="cirrus-visually-hidden">{tc('contacts.title')}</h1>
      <aside className="cirrus-contacts-side">
        {organisation && (
          <Input.Search
            allowClear
            value={input}
            maxLength={SEARCH_MAX_CHARS}
            onChange={(e) => setInput(e.target.value)}
            placeholder={t('contacts.search')}
            aria-label={t('contacts.search')}
            className="cirrus-contacts-search"
          />
        )}
        <Menu
          mode="inline"
          // the entries' icons in line with the department tree's carets below
          inlineIndent={8}
          selectedKeys={current.kind === 'favorites' && keywords === '' ? ['favorites'] : []}
          items={[
            {
              key: 'favorites',
              icon: <StarOutlined />,
              label: t('contacts.favorites'),
              onClick: () => {
                setInput('');
                setView({ kind: 'favorites' });
              },
            },
            {
              key: 'teams',
              icon: <TeamOutlined />,
              label: <Link to={`${paths.contacts}/group`}>{t('contacts.myTeams')}</Link>,
            },
          ]}
        />
        {organisation && (
          <>
            <Typography.Text type="secondary" className="cirrus-contacts-heading">
              <ApartmentOutlined /> {t('contacts.organisation')}
            </Typography.Text>
            {depts.isPending ? (
              <Spin />
            ) : (
              <Tree
                blockNode
                defaultExpandAll
                selectedKeys={current.kind === 'dept' && keywords === '' ? [current.id] : []}
                treeData={toTreeData(tree)}
                onSelect={(keys) => {
                  if (keys[0] !== undefined) {
                    setInput('');
                    setView({ kind: 'dept', id: Number(keys[0]) });
                  }
                }}
              />
            )}
          </>
        )}
      </aside>
      <div className="cirrus-contacts-main">{main}</div>
      {card !== null && <UserCardDialog userId={card} open onClose={() => setCard(null)} />}
    </section>
  );
}
