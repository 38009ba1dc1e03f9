import { MessageOutlined } from '@ant-design/icons';
import { defaultChatName } from '@cirrus/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactPicker } from '../../components/ContactPicker';
import type { PickedContact } from '../../components/contact-picker';
import { useCurrentUser } from '../auth/queries';
import { ApprovalDialog } from './ApprovalDialog';
import { ChatDialog } from './ChatDialog';
import { useApprovers, useCreateChat } from './queries';
import { useTeamMessages } from './useTeamActions';

/** Starts a multi-person chat with people from the picker (POST /api/v3/yun_msg/groups). */
export function NewChatButton() {
  const { t } = useTranslation('teams');
  const me = useCurrentUser();
  const [picking, setPicking] = useState(false);
  const [asking, setAsking] = useState<PickedContact[] | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const approvers = useApprovers(picking);
  const create = useCreateChat();
  const { attempt } = useTeamMessages();

  const onOk = async (picked: PickedContact[]) => {
    const members = picked.filter((p) => p.kind === 'user').map((p) => p.id);
    if (approvers.data?.required) {
      setPicking(false);
      setAsking(picked);
      return;
    }
    let id = 0;
    if (await attempt(async () => (id = (await create.mutateAsync({ members })).id), 'modifySuccess')) {
      setPicking(false);
      setOpened(id);
    }
  };

  return (
    <>
      <Button icon={<MessageOutlined />} onClick={() => setPicking(true)}>
        {t('chat.new')}
      </Button>
      <ContactPicker
        open={picking}
        title={t('chat.new')}
        alreadyIn={[me.id]}
        okText={t('chat.start')}
        confirmLoading={create.isPending}
        onOk={(picked) => void onOk(picked)}
        onCancel={() => setPicking(false)}
      />
      <ApprovalDialog
        open={asking !== null}
        request={{
          name: defaultChatName([me.nick_name, ...(asking ?? []).map((p) => p.name)]),
          type: 1,
          member_ids: (asking ?? []).map((p) => p.id),
          dept_ids: [],
        }}
        onClose={() => setAsking(null)}
        onSubmitted={() => setAsking(null)}
      />
      {opened !== null && <ChatDialog groupId={opened} open onClose={() => setOpened(null)} />}
    </>
  );
}
