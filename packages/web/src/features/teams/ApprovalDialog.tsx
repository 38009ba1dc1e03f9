import {
  APPROVAL_DESC_MAX,
  errorText,
  PRESELECTED_APPROVERS,
  validateApprovalDesc,
  validateApprovers,
} from '@cirrus/shared';
import { Form, Input, Select, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequestBody } from '../../api/directory';
import { GuardedModal } from '../../components/GuardedModal';
import { useLanguage } from '../../i18n';
import { useApprovers, useSubmitApproval } from './queries';
import { useTeamMessages } from './useTeamActions';

const ALL = -1;

interface ApprovalDialogProps {
  open: boolean;
  /** What is asked for; the dialog adds the approvers and the instruction. */
  request: Omit<ApprovalRequestBody, 'desc' | 'designated_approver_ids'>;
  onClose: () => void;
  onSubmitted: () => void;
}

/**
 * The group-creation approval dialog (spec 000 §2, §4, §5): approvers with an "all" option that
 * selects or clears everyone, the first 3 preselected on first open; an instruction of 1 to 140
 * characters; OK disabled without approvers or with an empty or too long text; one submit at a time.
 */
export function ApprovalDialog({ open, request, onClose, onSubmitted }: ApprovalDialogProps) {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const approvers = useApprovers(open);
  const submit = useSubmitApproval();
  const { attempt } = useTeamMessages();
  const [chosen, setChosen] = useState<number[]>([]);
  const [desc, setDesc] = useState('');
  const preselected = useRef(false);
  const submitting = useRef(false);
  const list = approvers.data?.approvers ?? [];

  useEffect(() => {
    if (open && approvers.data && !preselected.current) {
      preselected.current = true;
      setChosen(approvers.data.approvers.slice(0, PRESELECTED_APPROVERS).map((a) => a.id));
    }
  }, [open, approvers.data]);

  const descError = validateApprovalDesc(desc);
  const disabled = descError !== undefined || validateApprovers(chosen) !== undefined;

  const onChange = (values: number[]) => {
    if (values.includes(ALL)) {
      setChosen(chosen.length === list.length ? [] : list.map((a) => a.id));
      return;
    }
    setChosen(values);
  };

  const onOk = async () => {
    // spec 000 §4: a double submit is blocked while the first is under way.
    if (submitting.current || disabled) return;
    submitting.current = true;
    const done = await attempt(
      () => submit.mutateAsync({ ...request, desc: desc.trim(), designated_approver_ids: chosen }),
      'submitSuccess',
    );
    submitting.current = false;
    if (done) {
      setDesc('');
      onSubmitted();
    }
  };

  return (
    <GuardedModal
      open={open}
      title={t('approval.title')}
      onCancel={onClose}
      onOk={() => void onOk()}
      okText={t('approval.submit')}
      okButtonProps={{ disabled, loading: submit.isPending }}
      width={520}
    >
      {approvers.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('approval.approvers')} required>
            <Select
              mode="multiple"
              value={chosen}
              onChange={onChange}
              aria-label={t('approval.approvers')}
              placeholder={t('approval.approversPlaceholder')}
              optionFilterProp="label"
              options={[
                { value: ALL, label: t('approval.all') },
                ...list.map((a) => ({
                  value: a.id,
                  label: a.dept_names.length ? `${a.nick_name} (${a.dept_names.join(', ')})` : a.nick_name,
                })),
              ]}
            />
          </Form.Item>
          <Form.Item
            label={t('approval.desc')}
            required
            validateStatus={desc !== '' && descError ? 'error' : undefined}
            help={desc !== '' && descError ? errorText(descError, language) : undefined}
          >
            <Input.TextArea
              value={desc}
              onChange={(e) => setDesc(e.target.value)}
              autoSize={{ minRows: 3, maxRows: 6 }}
              showCount={{ formatter: ({ count }) => `${count}/${APPROVAL_DESC_MAX}` }}
              placeholder={t('approval.descPlaceholder')}
              aria-label={t('approval.desc')}
            />
          </Form.Item>
        </Form>
      )}
    </GuardedModal>
  );
}
