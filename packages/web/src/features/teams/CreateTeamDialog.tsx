import {
  errorText,
  NOTICE_MAX_WEIGHT,
  type TeamRecord,
  validateNotice,
  validateTeamName,
} from '@cirrus/shared';
import { Avatar, Button, Form, Input, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactPicker } from '../../components/ContactPicker';
import type { PickedContact } from '../../components/contact-picker';
import { FocusedInput } from '../../components/FocusedInput';
import { GuardedModal } from '../../components/GuardedModal';
import { UserAvatar } from '../../components/UserAvatar';
import { useLanguage } from '../../i18n';
import { useCurrentUser } from '../auth/queries';
import { useSettings } from '../settings/queries';
import { ApprovalDialog } from './ApprovalDialog';
import { useApprovers, useCreateTeam } from './queries';
import { useTeamMessages } from './useTeamActions';

interface CreateTeamDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (team: TeamRecord) => void;
}

/**
 * Creating a general team: its name (spec 000 §5), a notice, and members from the contact picker.
 * When the deployment requires approval (allow_approve_create_group), OK opens the approval dialog
 * instead of creating (spec 000 §4).
 */
export function CreateTeamDialog({ open, onClose, onCreated }: CreateTeamDialogProps) {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const me = useCurrentUser();
  const settings = useSettings();
  const approvers = useApprovers(open);
  const create = useCreateTeam();
  const { attempt, success } = useTeamMessages();
  const [name, setName] = useState('');
  const [notice, setNotice] = useState('');
  const [touched, setTouched] = useState(false);
  const [members, setMembers] = useState<PickedContact[]>([]);
  const [picking, setPicking] = useState(false);
  const [asking, setAsking] = useState(false);
  const nameError = validateTeamName(name);
  const noticeError = validateNotice(notice);
  const required = approvers.data?.required === true;

  const reset = () => {
    setName('');
    setNotice('');
    setTouched(false);
    setMembers([]);
  };

  const request = {
    name: name.trim(),
    type: 3 as const,
    notice,
    member_ids: members.filter((m) => m.kind === 'user').map((m) => m.id),
    dept_ids: members.filter((m) => m.kind === 'dept').map((m) => m.id),
  };

  const onOk = async () => {
    setTouched(true);
    if (nameError || noticeError) return;
    if (required) {
      setAsking(true);
      return;
    }
    let created: TeamRecord | undefined;
    const done = await attempt(async () => {
      created = await create.mutateAsync({ ...request, members: request.member_ids });
    });
    if (done && created) {
      success('modifySuccess');
      reset();
      onCreated(created);
    }
  };

  return (
    <>
      <GuardedModal
        open={open && !asking}
        title={t('create.title')}
        onCancel={() => {
          reset();
          onClose();
        }}
        onOk={() => void onOk()}
        okText={required ? t('create.ask') : t('create.submit')}
        okButtonProps={{ loading: create.isPending }}
        width={520}
      >
        <Form layout="vertical" onFinish={() => void onOk()}>
          <Form.Item
            label={t('create.name')}
            required
            validateStatus={touched && nameError ? 'error' : undefined}
            help={touched && nameError ? errorText(nameError, language) : undefined}
          >
            <FocusedInput
              value={name}
              onChange={(e) => setName(e.target.value)}
              onBlur={() => setTouched(true)}
              placeholder={t('create.namePlaceholder')}
              aria-label={t('create.name')}
            />
          </Form.Item>
          <Form.Item
            label={t('create.notice')}
            validateStatus={noticeError ? 'error' : undefined}
            help={noticeError ? errorText(noticeError, language) : undefined}
          >
            <Input.TextArea
              value={notice}
              onChange={(e) => setNotice(e.target.value)}
              autoSize={{ minRows: 2, maxRows: 5 }}
              maxLength={NOTICE_MAX_WEIGHT}
              aria-label={t('create.notice')}
            />
          </Form.Item>
          <Form.Item label={t('create.members')}>
            <div className="cirrus-create-members">
              <Avatar.Group max={{ count: 7 }}>
                <Tooltip title={me.nick_name}>
                  <span>
                    <UserAvatar user={me} size={28} />
                  </span>
                </Tooltip>
                {members.map((m) => (
                  <Tooltip key={`${m.kind}:${m.id}`} title={m.name}>
                    <span>
                      <UserAvatar user={{ id: m.id, nick_name: m.name, avatar: m.avatar }} size={28} />
                    </span>
                  </Tooltip>
                ))}
              </Avatar.Group>
              <Button onClick={() => setPicking(true)}>{t('create.chooseMembers')}</Button>
              <Typography.Text type="secondary">
                {t('create.membersCount', { count: members.length + 1 })}
              </Typography.Text>
            </div>
          </Form.Item>
          {required && <Typography.Text type="secondary">{t('create.approvalHint')}</Typography.Text>}
        </Form>
      </GuardedModal>
      <ContactPicker
        open={picking}
        title={t('create.chooseMembers')}
        alreadyIn={[me.id]}
        allowDepts={me.companyid > 0}
        max={settings.max_group_members > 1 ? settings.max_group_members - 1 : undefined}
        onOk={(picked) => {
          setMembers(picked);
          setPicking(false);
        }}
        onCancel={() => setPicking(false)}
      />
      <ApprovalDialog
        open={asking}
        request={request}
        onClose={() => setAsking(false)}
        onSubmitted={() => {
          setAsking(false);
          reset();
          onClose();
        }}
      />
    </>
  );
}
