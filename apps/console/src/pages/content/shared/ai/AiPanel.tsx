/**
 * AI 助手's side panel for the article and product editors (decision 055). Staff pick a task; the answer streams
 * in; each suggestion can be edited, then accepted into its field (采用) or dropped (放弃). Nothing is applied by
 * itself. A fault shows its Chinese message here and keeps what came; the editor behind stays usable.
 */
import { AI_LIMITS, type AiTarget, type AiTask, aiMessages } from '@yuexun/contract';
import { Alert, App, Button, Card, Drawer, Empty, Form, Input, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useIntl } from '../../../../locales/intl';
import {
  type BodyPicture,
  keywordsOf,
  picturesOf,
  seoOf,
  titlesOf,
  withAlt,
  withParagraph,
} from './ai-answers';
import { type AiRun, useAiSuggestion } from './useAiSuggestion';

export interface AiEditorApi {
  target: AiTarget;
  /** The tasks this editor offers (a product has no SEO fields). */
  tasks: readonly AiTask[];
  /** The title and body HTML as typed now. */
  read: () => { title: string; html: string };
  setTitle: (title: string) => void;
  setSummary: (summary: string) => void;
  setBody: (html: string) => void;
  setDescription?: (description: string) => void;
  setKeywords?: (keywords: string[]) => void;
}

interface Item {
  key: string;
  label: string;
  value: string;
  /** Applies the (edited) value; absent: copy only (the English translation has no field). */
  apply?: (value: string) => void;
}

const itemsOf = (
  run: AiRun,
  api: AiEditorApi,
  t: (k: 'aiHelp.description' | 'aiHelp.keywords') => string,
): Item[] => {
  const key = (n: number | string) => `${run.task}-${n}`;
  const body = (change: (html: string) => string) => () => api.setBody(change(api.read().html));
  switch (run.task) {
    case 'titles':
      return titlesOf(run.text).map((title, n) => ({
        key: key(n),
        label: '',
        value: title,
        apply: api.setTitle,
      }));
    case 'seo': {
      const { description, keywords } = seoOf(run.text);
      const { setDescription, setKeywords } = api;
      const list: Item[] = [];
      if (description && setDescription)
        list.push({
          key: key('d'),
          label: t('aiHelp.description'),
          value: description,
          apply: setDescription,
        });
      if (keywords.length > 0 && setKeywords)
        list.push({
          key: key('k'),
          label: t('aiHelp.keywords'),
          value: keywords.join('，'),
          apply: (v) => setKeywords(keywordsOf(v)),
        });
      return list;
    }
    case 'summary':
      return [{ key: key(0), label: '', value: run.text, apply: api.setSummary }];
    case 'alt':
      return [
        {
          key: key(0),
          label: '',
          value: run.text,
          apply: (v) => body((html) => withAlt(html, Number(run.about), v))(),
        },
      ];
    case 'polish':
      return [
        {
          key: key(0),
          label: '',
          value: run.text,
          apply: (v) => body((html) => withParagraph(html, String(run.about ?? ''), v))(),
        },
      ];
    default:
      return [{ key: key(0), label: '', value: run.text }];
  }
};

export function AiPanel({ api, open, onClose }: { api: AiEditorApi; open: boolean; onClose: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { run, ask, stop, clear } = useAiSuggestion();
  const [selection, setSelection] = useState('');
  const [pictures, setPictures] = useState<BodyPicture[]>([]);
  const [picture, setPicture] = useState<number | null>(null);
  const [caption, setCaption] = useState('');
  const [items, setItems] = useState<Item[]>([]);

  useEffect(() => {
    if (!open) return;
    // What was selected in the body when the panel opened is the paragraph to polish or translate.
    const selected = window.getSelection()?.toString().trim() ?? '';
    if (selected) setSelection(selected.slice(0, AI_LIMITS.selectionMax));
    const found = picturesOf(api.read().html);
    setPictures(found);
    setPicture(found.find((p) => !p.alt)?.index ?? found[0]?.index ?? null);
  }, [open, api]);

  useEffect(() => {
    if (run && run.state !== 'streaming') setItems(run.text ? itemsOf(run, api, t) : []);
    else setItems([]);
  }, [run, api, t]);

  const start = (task: AiTask) => {
    const { title, html } = api.read();
    const base = { target: api.target, task, ...(title ? { title } : {}), ...(html ? { text: html } : {}) };
    if (task === 'polish' || (task === 'translate' && selection))
      return ask({ ...base, selection }, selection);
    if (task === 'alt') {
      const p = pictures.find((x) => x.index === picture);
      if (!p) return;
      return ask(
        {
          target: api.target,
          task,
          ...(p.fileName ? { fileName: p.fileName } : {}),
          caption: caption || p.caption,
          text: p.context,
          ...(p.fileUuid ? { fileUuid: p.fileUuid } : {}),
        },
        p.index,
      );
    }
    return ask(base);
  };

  const accept = (item: Item, value: string) => {
    if (item.apply) {
      item.apply(value);
      message.success(t('aiHelp.applied'));
    } else {
      void navigator.clipboard?.writeText(value);
      message.success(t('aiHelp.copied'));
    }
    drop(item);
  };

  /** Each suggestion dealt with: the result card goes too. */
  const drop = (item: Item) => {
    const rest = items.filter((i) => i.key !== item.key);
    setItems(rest);
    if (rest.length === 0) clear();
  };

  const streaming = run?.state === 'streaming';
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('aiHelp.panel')}
      width={Math.min(520, window.innerWidth)}
      mask={false}
      destroyOnHidden={false}
    >
      <Typography.Paragraph type="secondary">{t('aiHelp.panel.hint')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        {api.tasks.map((task) => (
          <Button
            key={task}
            onClick={() => start(task)}
            disabled={streaming || (task === 'polish' && !selection) || (task === 'alt' && picture === null)}
          >
            {t(`aiHelp.task.${task}`)}
          </Button>
        ))}
      </Space>
      <Form layout="vertical">
        {(api.tasks.includes('polish') || api.tasks.includes('translate')) && (
          <Form.Item label={t('aiHelp.selection')} extra={t('aiHelp.selection.extra')}>
            <Input.TextArea
              aria-label={t('aiHelp.selection')}
              rows={3}
              value={selection}
              maxLength={AI_LIMITS.selectionMax}
              onChange={(e) => setSelection(e.target.value)}
            />
          </Form.Item>
        )}
        {api.tasks.includes('alt') && (
          <Space.Compact block style={{ marginBottom: 16 }}>
            <Select
              aria-label={t('aiHelp.picture')}
              style={{ flex: 1, minWidth: 0 }}
              value={picture}
              onChange={setPicture}
              notFoundContent={t('aiHelp.picture.none')}
              placeholder={t('aiHelp.picture.none')}
              options={pictures.map((p) => ({
                value: p.index,
                label: p.alt ? `${p.label}（${p.alt}）` : p.label,
              }))}
            />
            <Input
              style={{ flex: 1, minWidth: 0 }}
              placeholder={t('aiHelp.picture.caption')}
              value={caption}
              onChange={(e) => setCaption(e.target.value)}
            />
          </Space.Compact>
        )}
      </Form>
      {run && (
        <Card
          size="small"
          title={t(`aiHelp.task.${run.task}`)}
          extra={
            streaming ? (
              <Button size="small" onClick={stop}>
                {t('aiHelp.stop')}
              </Button>
            ) : null
          }
          data-testid="ai-result"
        >
          {run.state === 'error' && (
            <Alert
              type="error"
              showIcon
              role="alert"
              message={run.message}
              description={run.text && run.message !== aiMessages.cut ? t('aiHelp.partial') : undefined}
              style={{ marginBottom: 12 }}
            />
          )}
          {streaming && (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} aria-live="polite">
              {run.text || t('aiHelp.working')}
            </Typography.Paragraph>
          )}
          {!streaming && items.length === 0 && run.state === 'done' && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
          {items.map((item) => (
            <SuggestionItem key={item.key} item={item} onAccept={accept} onDiscard={drop} />
          ))}
        </Card>
      )}
    </Drawer>
  );
}

function SuggestionItem({
  item,
  onAccept,
  onDiscard,
}: {
  item: Item;
  onAccept: (item: Item, value: string) => void;
  onDiscard: (item: Item) => void;
}) {
  const { t } = useIntl();
  const [value, setValue] = useState(item.value);
  return (
    <div style={{ marginBottom: 12 }} data-testid="ai-suggestion">
      {item.label && <Typography.Text strong>{item.label}</Typography.Text>}
      <Input.TextArea
        autoSize={{ minRows: 1, maxRows: 8 }}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Space style={{ marginTop: 4 }}>
        <Button size="small" type="primary" onClick={() => onAccept(item, value)} disabled={!value.trim()}>
          {item.apply ? t('aiHelp.accept') : t('aiHelp.copy')}
        </Button>
        <Button size="small" onClick={() => onDiscard(item)}>
          {t('aiHelp.discard')}
        </Button>
      </Space>
    </div>
  );
}
