/**
 * The landing page of a marketing theme (resources/promotion/topic.resource.ts) as a member sees
 * it on a phone: the banner, the title and introduction, the page's window and a card per activity
 * it shows (name, kind, the activity's own window). Drawn from the form's values as they are typed
 * (beside the form) or from the saved record (the detail's tab); the activities are read through
 * their picker (`GET /v1/activity/options?id=`, with each activity's card), asked once a minute.
 */
import { Empty, Flex, Skeleton, Typography } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { toDayjs, type DateInput } from '../../../../providers/dates';
import type { Translate } from '../../../fields/field-kind';
import { uploadContentUrl } from '../../../fields/kinds/file.kind';
import { lookUpId } from '../../../fields/record-lookup';
import { relationIds, type OptionRecord } from '../../../fields/relation-titles';

/** The theme's values the preview reads (the form's, possibly half typed, or the record's). */
export interface TopicValues {
  readonly title?: string | null;
  readonly intro?: string | null;
  readonly banner?: string | null;
  readonly beginTime?: DateInput;
  readonly endTime?: DateInput;
  readonly activities?: unknown;
}

/** Props of {@link TopicPreview}. */
export interface TopicPreviewProps {
  readonly values: TopicValues;
  /** Drawn beside the form, following what is typed (says so); else the saved page. */
  readonly live?: boolean;
  readonly t: Translate;
}

const RESOURCE = 'topic';
const MINUTE = 'YYYY-MM-DD HH:mm';

const phone: CSSProperties = {
  width: 320,
  maxWidth: '100%',
  border: '8px solid #1f1f1f',
  borderRadius: 28,
  overflow: 'hidden',
  background: '#f5f5f5',
};
const bannerBox: CSSProperties = { width: '100%', aspectRatio: '750 / 300', display: 'block', objectFit: 'cover' };
// Deep red under white text: 7.9:1, readable at any size.
const placeholder: CSSProperties = {
  ...bannerBox,
  background: 'linear-gradient(135deg, #a8071a, #d4380d)',
  color: '#fff',
  padding: 16,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
};
const card: CSSProperties = { background: '#fff', borderRadius: 8, padding: 12 };
// White on this red: 5.9:1.
const joinButton: CSSProperties = {
  background: '#cf1322',
  color: '#fff',
  borderRadius: 12,
  padding: '2px 12px',
  fontSize: 12,
  whiteSpace: 'nowrap',
};

const minute = (value: DateInput) => toDayjs(value)?.format(MINUTE) ?? null;

/** "from to to" of a window, or the text for a window not set yet. */
function windowText(args: { from: DateInput; to: DateInput; key: string; t: Translate }): string | null {
  const from = minute(args.from);
  const to = minute(args.to);
  return from && to ? args.t(args.key, { from, to }) : null;
}

/** The chosen activities with their cards, in the order chosen; undefined while asked. */
function useActivities(ids: readonly (string | number)[]): (OptionRecord | null)[] | undefined {
  const key = ids.map(String).join(',');
  const [found, setFound] = useState<{ key: string; records: (OptionRecord | null)[] }>();
  useEffect(() => {
    let live = true;
    void Promise.all(ids.map((id) => lookUpId('activity', id))).then((records) => {
      if (live) setFound({ key, records });
    });
    return () => {
      live = false;
    };
    // `key` stands for the ids.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (ids.length === 0) return [];
  return found?.key === key ? found.records : undefined;
}

function ActivityCard(props: { readonly record: OptionRecord | null; readonly t: Translate }) {
  const { record, t } = props;
  if (!record) {
    return (
      <div style={card}>
        <Typography.Text type="secondary">{t('topic.preview.unavailable')}</Typography.Text>
      </div>
    );
  }
  const kind = record.card?.kind;
  const runs = windowText({
    from: record.card?.beginTime as DateInput,
    to: record.card?.endTime as DateInput,
    key: 'topic.preview.activityWindow',
    t,
  });
  return (
    <div style={card} data-testid="topic-preview-activity">
      <Flex justify="space-between" align="center" gap={8}>
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong>{record.title}</Typography.Text>
          {typeof kind === 'string' ? (
            <div>
              <Typography.Text type="secondary">{t(`res.activity.kind.${kind}`)}</Typography.Text>
            </div>
          ) : null}
          {runs ? (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {runs}
              </Typography.Text>
            </div>
          ) : null}
        </div>
        {/* A picture of the member's button, not a control of the console. */}
        <span style={joinButton}>{t('topic.preview.join')}</span>
      </Flex>
    </div>
  );
}

/** The theme's landing page in a phone frame. */
export function TopicPreview(props: TopicPreviewProps) {
  const { values, t } = props;
  const ids = relationIds(values.activities);
  const activities = useActivities(ids);
  const title = values.title?.trim() || t('topic.preview.noTitle');
  const window = windowText({ from: values.beginTime, to: values.endTime, key: 'topic.preview.window', t }) ?? t('topic.preview.noWindow');
  return (
    <section aria-label={t('topic.preview.title')} data-testid="topic-preview">
      <Typography.Text strong>{t('topic.preview.title')}</Typography.Text>
      {props.live ? (
        <div>
          <Typography.Text type="secondary">{t('topic.preview.hint')}</Typography.Text>
        </div>
      ) : null}
      <div style={{ ...phone, marginTop: 8 }}>
        {values.banner ? (
          <img src={uploadContentUrl(RESOURCE, String(values.banner))} alt={t('topic.preview.banner', { title })} style={bannerBox} />
        ) : (
          <div style={placeholder}>{t('topic.preview.noBanner')}</div>
        )}
        <Flex vertical gap={12} style={{ padding: 12 }}>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="topic-preview-title">
              {title}
            </Typography.Title>
            <Typography.Text type="secondary">{window}</Typography.Text>
            {values.intro?.trim() ? (
              <Typography.Paragraph style={{ margin: '8px 0 0', whiteSpace: 'pre-wrap' }}>{values.intro}</Typography.Paragraph>
            ) : null}
          </div>
          <Typography.Text strong>{t('topic.preview.activities')}</Typography.Text>
          {ids.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('topic.preview.noActivities')} style={{ margin: 0 }} />
          ) : activities === undefined ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : (
            activities.map((record, i) => <ActivityCard key={String(ids[i])} record={record} t={t} />)
          )}
        </Flex>
      </div>
    </section>
  );
}
