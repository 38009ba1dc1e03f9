import { ApartmentOutlined } from '@ant-design/icons';
import {
  formatDateTime,
  type GroupApproval,
  type GroupApprovalPage,
  PAGE_SIZE_MEMBERS,
} from '@cirrus/shared';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Avatar,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Segmented,
  Spin,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { directoryApi } from '../../api/directory';
import { paths } from '../../app/paths';
import { GuardedModal } from '../../components/GuardedModal';
import { TeamAvatar } from '../../components/TeamAvatar';
import { UserAvatar } from '../../components/UserAvatar';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApprovers, useInvalidateTeam } from './queries';
import { useTeamMessages } from './useTeamActions';
import './teams.css';

type Waiting = 'pending' | 'decided';

const STATUS_COLOUR = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
} as const;

function useApprovalList(kind: 'mine' | Waiting) {
  return useInfiniteQuery<
    GroupApprovalPage,
    Error,
    InfiniteData<GroupApprovalPage>,
    readonly unknown[],
    number
  >({
    queryKey: ['teams', 'approvals', kind],
    queryFn: ({ pageParam }) =>
      kind === 'mine'
        ? directoryApi.myApprovals(pageParam, PAGE_SIZE_MEMBERS)
        : directoryApi.waitingApprovals(kind, pageParam, PAGE_SIZE_MEMBERS),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.offset + last.approvals.length : undefined),
  });
}

function ApprovalCard({ approval, actions }: { approval: GroupApproval; actions?: React.ReactNode }) {
  const { t } = useTranslation('teams');
  return (
    <Card size="small" className="cirrus-approval" data-testid={`approval-${approval.id}`}>
      <Flex gap={12} align="flex-start" wrap>
        <TeamAvatar team={{ id: approval.id, name: approval.name, avatar: approval.avatar }} size={40} />
        <div className="cirrus-approval-main">
          <Flex align="center" gap={8} wrap>
            <Typography.Text strong>{approval.name}</Typography.Text>
            <Tag>{approval.type === 1 ? t('types.1') : t('types.3')}</Tag>
            <Tag color={STATUS_COLOUR[approval.status]}>{t(`approval.status.${approval.status}`)}</Tag>
          </Flex>
          <Typography.Paragraph className="cirrus-approval-desc">{approval.desc}</Typography.Paragraph>
          <Typography.Text type="secondary" className="cirrus-approval-meta">
            {t('approval.byOn', {
              name: approval.applicant.nick_name,
              time: formatDateTime(approval.created_at),
            })}
            {' · '}
            {t('approval.to', { names: approval.approvers.map((a) => a.nick_name).join(', ') })}
          </Typography.Text>
          {(approval.members.length > 0 || approval.depts.length > 0) && (
            <Flex align="center" gap={8} className="cirrus-approval-members">
              <Avatar.Group max={{ count: 7 }}>
                {approval.members.map((m) => (
                  <Tooltip key={m.id} title={m.nick_name}>
                    <span>
                      <UserAvatar user={m} size={24} />
                    </span>
                  </Tooltip>
                ))}
              </Avatar.Group>
              {approval.depts.map((d) => (
                <Tag key={d.id} icon={<ApartmentOutlined />}>
                  {d.name}
                </Tag>
              ))}
            </Flex>
          )}
          {approval.decided_by && approval.status !== 'cancelled' && (
            <Typography.Text type="secondary" className="cirrus-approval-meta">
              {t('approval.decided', {
                name: approval.decided_by.nick_name,
                time: approval.decided_at ? formatDateTime(approval.decided_at) : '',
              })}
              {approval.reason && ` · ${t('approval.reason', { reason: approval.reason })}`}
            </Typography.Text>
          )}
          {approval.status === 'approved' && approval.group_id && (
            <Link to={`${paths.drive}/group/${approval.group_id}`}>{t('approval.openTeam')}</Link>
          )}
        </div>
        {actions && (
          <Flex gap={8} className="cirrus-approval-actions">
            {actions}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

function ApprovalList({
  kind,
  renderActions,
}: {
  kind: 'mine' | Waiting;
  renderActions: (a: GroupApproval) => React.ReactNode;
}) {
  const { t } = useTranslation('teams');
  const list = useApprovalList(kind);
  const approvals = (list.data?.pages ?? []).flatMap((p) => p.approvals);
  if (list.isPending) return <Spin className="cirrus-picker-spin" />;
  if (approvals.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(kind === 'mine' ? 'approval.emptyMine' : 'approval.emptyWaiting')}
      />
    );
  }
  return (
    <Flex vertical gap={12}>
      {approvals.map((a) => (
        <ApprovalCard key={a.id} approval={a} actions={renderActions(a)} />
      ))}
      {list.hasNextPage && (
        <Button type="link" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('common.loadMore')}
        </Button>
      )}
    </Flex>
  );
}

/**
 * The approval list (/drive/approve, spec 001 §2): the user's own requests with their state (and
 * withdraw while waiting), and for approvers the requests waiting for them, with approve and reject.
 */
export function ApprovePage() {
  const { t } = useTranslation('teams');
  const approvers = useApprovers();
  const queryClient = useQueryClient();
  const invalidateTeams = useInvalidateTeam();
  const { attempt } = useTeamMessages();
  const [waiting, setWaiting] = useState<Waiting>('pending');
  const [rejecting, setRejecting] = useState<GroupApproval | null>(null);
  const [reason, setReason] = useState('');
  useDocumentTitle(t('approval.pageTitle'));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['teams', 'approvals'] }),
      queryClient.invalidateQueries({ queryKey: ['notices'] }),
    ]);
  const cancel = useMutation({ mutationFn: directoryApi.cancelApproval, onSuccess: refresh });
  const approve = useMutation({
    mutationFn: directoryApi.approve,
    onSuccess: () => Promise.all([refresh(), invalidateTeams()]),
  });
  const reject = useMutation({
    mutationFn: ({ id, why }: { id: number; why: string }) => directoryApi.reject(id, why),
    onSuccess: refresh,
  });

  const mine = (
    <ApprovalList
      kind="mine"
      renderActions={(a) =>
        a.status === 'pending' ? (
          <Button
            size="small"
            loading={cancel.isPending}
            onClick={() => void attempt(() => cancel.mutateAsync(a.id), 'modifySuccess')}
          >
            {t('approval.cancel')}
          </Button>
        ) : null
      }
    />
  );
  const forMe = (
    <>
      <Segmented
        className="cirrus-approval-filter"
        value={waiting}
        onChange={(v) => setWaiting(v as Waiting)}
        options={[
          { value: 'pending', label: t('approval.pending') },
          { value: 'decided', label: t('approval.decidedTab') },
        ]}
      />
      <ApprovalList
        key={waiting}
        kind={waiting}
        renderActions={(a) =>
          a.status === 'pending' ? (
            <>
              <Button
                type="primary"
                size="small"
                loading={approve.isPending && approve.variables === a.id}
                onClick={() => void attempt(() => approve.mutateAsync(a.id), 'modifySuccess')}
              >
                {t('approval.approve')}
              </Button>
              <Button size="small" danger onClick={() => setRejecting(a)}>
                {t('approval.reject')}
              </Button>
            </>
          ) : null
        }
      />
    </>
  );
  return (
    <section className="cirrus-area">
      <Typography.Title level={1} className="cirrus-area-title">
        {t('approval.pageTitle')}
      </Typography.Title>
      <div className="cirrus-teams-panel">
        <Tabs
          items={[
            { key: 'mine', label: t('approval.mine'), children: mine },
            ...(approvers.data?.is_approver
              ? [{ key: 'waiting', label: t('approval.waiting'), children: forMe }]
              : []),
          ]}
          defaultActiveKey={approvers.data?.is_approver ? 'waiting' : 'mine'}
          key={approvers.data?.is_approver ? 'approver' : 'applicant'}
        />
        <GuardedModal
          open={rejecting !== null}
          title={t('approval.rejectTitle', { name: rejecting?.name ?? '' })}
          okText={t('approval.reject')}
          okButtonProps={{ danger: true, loading: reject.isPending }}
          onCancel={() => setRejecting(null)}
          onOk={() => {
            const target = rejecting;
            if (!target) return;
            void attempt(() => reject.mutateAsync({ id: target.id, why: reason }), 'modifySuccess').then(
              (done) => {
                if (done) {
                  setRejecting(null);
                  setReason('');
                }
              },
            );
          }}
        >
          <Input.TextArea
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t('approval.reasonPlaceholder')}
            aria-label={t('approval.reasonPlaceholder')}
          />
        </GuardedModal>
      </div>
    </section>
  );
}
