/** The editor's two notices above the form: typing found from earlier, and a save over someone else's. */
import { Alert, Button, Space } from 'antd';
import { showTime } from '../../../components/time/time';
import { useIntl } from '../../../locales/intl';

export function DraftOffer({
  at,
  onRestore,
  onDiscard,
}: {
  at: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t } = useIntl();
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('articles.editor.draftFound', { time: showTime(at) })}
      action={
        <Space>
          <Button size="small" type="primary" onClick={onRestore}>
            {t('articles.editor.draftRestore')}
          </Button>
          <Button size="small" onClick={onDiscard}>
            {t('articles.editor.draftDiscard')}
          </Button>
        </Space>
      }
    />
  );
}

export function ConflictNotice({ onView, onKeepMine }: { onView: () => void; onKeepMine: () => void }) {
  const { t } = useIntl();
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('articles.editor.conflictTitle')}
      description={t('articles.editor.conflictBody')}
      action={
        <Space direction="vertical">
          <Button size="small" onClick={onView}>
            {t('articles.editor.conflictView')}
          </Button>
          <Button size="small" onClick={onKeepMine}>
            {t('articles.editor.conflictKeepMine')}
          </Button>
        </Space>
      }
    />
  );
}
