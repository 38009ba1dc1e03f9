import { CloseOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  type FileRecord,
  SECDOC_OPERATION_ID_LIST,
  type SecdocOperationId,
  type SecdocRightView,
} from '@cirrus/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Select, Skeleton, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secdocApi } from '../../api/secdoc';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { useTeamPeople } from '../teams/queries';
import {
  addPerson,
  isTeamRight,
  removeRight,
  rightKey,
  rightsBody,
  rightsChanged,
  toggleOperation,
} from './rights-draft';
import './secdoc.css';

export const secdocKeys = {
  rights: (fileid: number) => ['secdoc', 'rights', fileid] as const,
};

interface RightsDialogProps {
  file: Pick<FileRecord, 'id' | 'fname' | 'groupid'>;
  /** The team's owner or an admin: they change the rights; others only read them. */
  manages: boolean;
  open: boolean;
  onClose: () => void;
}

/** A security document's rights: who may download, copy, read and edit it (secdoc.ts). */
export function RightsDialog({ file, manages, open, onClose }: RightsDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const client = useQueryClient();
  const held = useQuery({
    queryKey: secdocKeys.rights(file.id),
    queryFn: ({ signal }) => secdocApi.rights(file.id, { signal }),
    enabled: open,
    staleTime: 0,
  });
  const [draft, setDraft] = useState<SecdocRightView[]>();
  const rights = draft ?? held.data?.rights ?? [];
  const people = useTeamPeople(manages && open ? file.groupid : undefined);
  const save = useMutation({
    mutationFn: () => secdocApi.setRights(file.id, rightsBody(rights)),
    onSuccess: (saved) => {
      client.setQueryData(secdocKeys.rights(file.id), saved);
      notify.success(t('secdoc.saved'));
      onClose();
    },
    onError: (error) => notify.error(error),
  });

  const listed = new Set(rights.map(rightKey));
  const candidates = (people.data?.members ?? [])
    .filter((m) => m.type === 1 && !listed.has(`4:${m.id}`))
    .map((m) => ({ value: m.id, label: m.nick_name || m.name }));
  const changed = held.data !== undefined && rightsChanged(held.data.rights, rights);

  return (
    <GuardedModal
      open={open}
      title={
        <span className="cirrus-secdoc-title">
          <SafetyCertificateOutlined aria-hidden /> {t('secdoc.title', { name: file.fname })}
        </span>
      }
      width={640}
      onCancel={onClose}
      footer={
        manages
          ? [
              <Button key="cancel" onClick={onClose}>
                {t('common.cancel')}
              </Button>,
              <Button
                key="save"
                type="primary"
                disabled={!changed}
                loading={save.isPending}
                onClick={() => save.mutate()}
              >
                {t('secdoc.save')}
              </Button>,
            ]
          : [
              <Button key="close" onClick={onClose}>
                {t('common.close')}
              </Button>,
            ]
      }
    >
      <Typography.Paragraph type="secondary">{t('secdoc.intro')}</Typography.Paragraph>
      {held.isError && <Alert type="error" showIcon message={String(held.error.message)} />}
      {held.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <table className="cirrus-secdoc-table">
          <thead>
            <tr>
              <th scope="col">{t('secdoc.who')}</th>
              {SECDOC_OPERATION_ID_LIST.map((id) => (
                <th scope="col" key={id}>
                  <Tooltip title={t(`secdoc.operationHints.${id}`)}>
                    <span>{t(`secdoc.operations.${id}`)}</span>
                  </Tooltip>
                </th>
              ))}
              {manages && <th aria-hidden />}
            </tr>
          </thead>
          <tbody>
            {rights.map((right) => (
              <RightRow
                key={rightKey(right)}
                right={right}
                manages={manages}
                onToggle={(operation, on) =>
                  setDraft(toggleOperation(rights, rightKey(right), operation, on))
                }
                onRemove={() => setDraft(removeRight(rights, rightKey(right)))}
              />
            ))}
          </tbody>
        </table>
      )}
      {manages ? (
        <Select
          className="cirrus-secdoc-add"
          showSearch
          optionFilterProp="label"
          value={null}
          placeholder={t('secdoc.addPerson')}
          aria-label={t('secdoc.addPerson')}
          loading={people.isPending}
          options={candidates}
          onChange={(id: number) => {
            const person = candidates.find((c) => c.value === id);
            if (person) setDraft(addPerson(rights, { id, name: person.label }));
          }}
        />
      ) : (
        <Typography.Paragraph type="secondary" className="cirrus-secdoc-readonly">
          {t('secdoc.readOnly')}
        </Typography.Paragraph>
      )}
    </GuardedModal>
  );
}

function RightRow({
  right,
  manages,
  onToggle,
  onRemove,
}: {
  right: SecdocRightView;
  manages: boolean;
  onToggle: (operation: SecdocOperationId, on: boolean) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const name = right.name || t('secdoc.noOne');
  return (
    <tr>
      <th scope="row">
        <span className="cirrus-secdoc-name">{name}</span>
        <span className="cirrus-secdoc-kind">{t(`secdoc.kinds.${right.principaltype}`)}</span>
      </th>
      {SECDOC_OPERATION_ID_LIST.map((id) => (
        <td key={id}>
          <Checkbox
            checked={right.operationids.includes(id)}
            disabled={!manages}
            aria-label={`${name}: ${t(`secdoc.operations.${id}`)}`}
            onChange={(event) => onToggle(id, event.target.checked)}
          />
        </td>
      ))}
      {manages && (
        <td>
          {!isTeamRight(right) && (
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined aria-hidden />}
              aria-label={t('secdoc.remove', { name })}
              onClick={onRemove}
            />
          )}
        </td>
      )}
    </tr>
  );
}
