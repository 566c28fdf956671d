import { useFormik } from 'formik';
import './notes.css';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import * as yup from 'yup';
import {
  getThread,
  REPLY_MAX_LENGTH,
  sendReply,
  SMS_REPLY_MAX_LENGTH,
  WHATSAPP_REPLY_MAX_LENGTH,
  type MessageThread,
  type ReplyChannel,
} from './api/notes';
import type { ContactMessage } from '@/features/admin-shell';
import {
  formatDateTime,
  runAction,
  useAdminTitle,
  useFollow,
  BackLink,
  RecordPage,
  StatusBadge,
  TextAreaField,
  useAdminQuery,
} from '@/features/admin-shell';

/** The server's words (agency_core/staff/notes.py). */
export const REPLY_REQUIRED = 'Reply is required';
export const REPLY_TOO_LONG = `Reply must be at most ${REPLY_MAX_LENGTH} characters`;
export const SMS_REPLY_TOO_LONG = `An SMS reply must be at most ${SMS_REPLY_MAX_LENGTH} characters`;
export const WHATSAPP_REPLY_TOO_LONG = `A WhatsApp reply must be at most ${WHATSAPP_REPLY_MAX_LENGTH} characters`;
/** The server's words (agency_core/whatsapp/inbound.py, OUTSIDE_WINDOW). */
export const OUTSIDE_WINDOW =
  "The applicant's last WhatsApp message is more than 24 hours old: WhatsApp allows only an approved template now, not a free-text reply.";

const LIMITS: Record<ReplyChannel, [number, string]> = {
  email: [REPLY_MAX_LENGTH, REPLY_TOO_LONG],
  sms: [SMS_REPLY_MAX_LENGTH, SMS_REPLY_TOO_LONG],
  whatsapp: [WHATSAPP_REPLY_MAX_LENGTH, WHATSAPP_REPLY_TOO_LONG],
  'whatsapp-template': [REPLY_MAX_LENGTH, REPLY_TOO_LONG],
};

const replySchema = yup.object({
  channel: yup.string().oneOf(['email', 'sms', 'whatsapp', 'whatsapp-template']).required(),
  text: yup
    .string()
    .trim()
    .when('channel', ([channel]: unknown[], schema: yup.StringSchema) => {
      if (channel === 'whatsapp-template') return schema; // the template's own text goes
      const [limit, tooLong] = LIMITS[channel as ReplyChannel] ?? LIMITS.email;
      return schema.required(REPLY_REQUIRED).max(limit, tooLong);
    }),
});

/** How a reply went, as the thread says it. */
export function channelLabel(channel: ReplyChannel, to: string): string {
  if (channel === 'email') return `e-mail to ${to}`;
  if (channel === 'whatsapp') return `WhatsApp to ${to}`;
  if (channel === 'whatsapp-template') return `WhatsApp template to ${to}`;
  return `SMS to ${to}`;
}

/** The channels a thread's reply box offers: on a WhatsApp thread the phone's channel is WhatsApp,
 * free text inside the 24-hour window, only the template outside it (and only to a standing opt-in). */
export function replyChannels(message: ContactMessage, whatsapp: MessageThread['whatsapp']): ReplyChannel[] {
  const email: ReplyChannel[] = message.email ? ['email'] : [];
  if (!whatsapp) return [...email, ...(message.phone ? ['sms' as const] : [])];
  if (whatsapp.windowOpen) return ['whatsapp', ...email];
  return [...(whatsapp.optedIn ? ['whatsapp-template' as const] : []), ...email];
}

/** The subject the e-mail reply goes out with (the server's rule: "Re:" once). */
export function replySubject(subject: string | null | undefined): string {
  const text = (subject ?? '').trim();
  if (!text) return 'Re: your message to Vandy Travel and Recruitment Services';
  return /^re:/i.test(text) ? text : `Re: ${text}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a WhatsApp thread's reply box says of the 24-hour window. */
function WindowNote({ whatsapp }: { whatsapp: MessageThread['whatsapp'] }) {
  if (!whatsapp) return null;
  return (
    <p className="admin-muted admin-small" data-testid="whatsapp-window">
      {whatsapp.windowOpen
        ? `WhatsApp free-text replies are open until ${formatDateTime(whatsapp.windowClosesAt)} (24 hours after the applicant's last message).`
        : OUTSIDE_WINDOW}
    </p>
  );
}

function ReplyForm({
  message,
  whatsapp,
  onSent,
}: {
  message: ContactMessage;
  whatsapp: MessageThread['whatsapp'];
  onSent: (thread: MessageThread) => void;
}) {
  const channels = replyChannels(message, whatsapp);
  const form = useFormik<{ channel: ReplyChannel; text: string }>({
    initialValues: { channel: channels[0] ?? 'email', text: '' },
    validationSchema: replySchema,
    onSubmit: async (values, helpers) => {
      const thread = await runAction(
        () =>
          sendReply(
            message.id,
            values.channel,
            values.channel === 'whatsapp-template' ? '' : values.text.trim(),
          ),
        'Reply sent',
      );
      if (thread) {
        onSent(thread);
        helpers.resetForm({ values: { channel: values.channel, text: '' } });
      }
    },
  });
  if (channels.length === 0)
    return (
      <p className="admin-muted">
        {whatsapp
          ? `${OUTSIDE_WINDOW} The applicant has no standing WhatsApp opt-in, so no template can go either.`
          : 'This message has no e-mail address or phone to reply to.'}
      </p>
    );
  const [limit] = LIMITS[form.values.channel];
  const template = form.values.channel === 'whatsapp-template';
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-labelledby="reply-heading">
      <h2 id="reply-heading">Reply</h2>
      <fieldset className="admin-field">
        <legend>Send by</legend>
        {channels.map((channel) => (
          <label key={channel} className="admin-choice">
            <input
              type="radio"
              name="channel"
              value={channel}
              checked={form.values.channel === channel}
              onChange={form.handleChange}
            />{' '}
            {capitalised(channelLabel(channel, (channel === 'email' ? message.email : message.phone) ?? ''))}
          </label>
        ))}
      </fieldset>
      <WindowNote whatsapp={whatsapp} />
      {form.values.channel === 'email' ? (
        <p className="admin-muted admin-small">
          Sent from the agency&apos;s address with the subject “{replySubject(message.subject)}”.
        </p>
      ) : null}
      {template && whatsapp ? (
        <blockquote className="admin-message-body" data-testid="whatsapp-template-text">
          {whatsapp.templateText}
        </blockquote>
      ) : (
        <TextAreaField
          form={form}
          name="text"
          id="reply-text"
          label="Your reply"
          maxLength={limit}
          rows={6}
        />
      )}
      <button type="submit" className="admin-button admin-button--primary" disabled={form.isSubmitting}>
        {form.isSubmitting ? 'Sending...' : template ? 'Send template message' : 'Send reply'}
      </button>
    </form>
  );
}

/** One contact message, its thread of replies (who sent each, when, how far it got) and the reply form. */
export default function MessageThreadPage() {
  const { messageId = '' } = useParams();
  useAdminTitle('Message');
  const [state, reload] = useAdminQuery({
    key: ['messages', 'thread', messageId],
    load: (signal) => getThread(messageId, signal),
  });
  const [latest, setLatest] = useState<MessageThread | null>(null);
  // A reply is queued: read the thread again until each reply is delivered or failed.
  const follow = useFollow(
    (thread: MessageThread) => getThread(thread.message.id),
    (thread: MessageThread) =>
      thread.replies.every((reply) => reply.delivery && reply.delivery !== 'pending'),
    setLatest,
  );
  const sent = (thread: MessageThread) => {
    setLatest(thread);
    follow(thread);
  };
  return (
    <RecordPage
      back={<BackLink to="/admin/messages" label="All messages" />}
      state={state}
      onRetry={reload}
      shown={(loaded) => (latest && latest.message.id === loaded.message.id ? latest : loaded)}
      title={(thread) => thread.message.subject ?? 'Message'}
    >
      {(thread) => {
        const message = thread.message;
        return (
          <>
            <section className="admin-card" aria-labelledby="message-heading">
              <h2 id="message-heading">
                From {message.name}, {formatDateTime(message.createdAt)}
              </h2>
              <p className="admin-small">
                {message.email ? <span>{message.email}</span> : null}
                {message.phone ? <span> · {message.phone}</span> : null}
                {message.service ? <span> · {message.service}</span> : null}
              </p>
              <p className="admin-message-body">{message.message}</p>
            </section>
            <section className="admin-card" aria-labelledby="thread-heading">
              <h2 id="thread-heading">Replies</h2>
              {thread.replies.length === 0 ? (
                <p className="admin-muted">No replies yet.</p>
              ) : (
                <ol className="admin-notes" aria-label="Replies to this message">
                  {thread.replies.map((reply) => (
                    <li key={reply.id} className="admin-note">
                      <p className="admin-muted admin-small">
                        {reply.senderName} ({reply.sender}), {formatDateTime(reply.sentAt)}, by{' '}
                        {channelLabel(reply.channel, reply.recipient)}{' '}
                        <StatusBadge status={reply.delivery ?? 'pending'} />
                      </p>
                      {reply.subject ? <p className="admin-small">Subject: {reply.subject}</p> : null}
                      <p className="admin-note__text">{reply.text}</p>
                    </li>
                  ))}
                </ol>
              )}
              <button
                type="button"
                className="admin-button admin-button--ghost"
                onClick={() => {
                  setLatest(null);
                  reload();
                }}
              >
                Refresh
              </button>
            </section>
            <section className="admin-card">
              <ReplyForm
                key={replyChannels(message, thread.whatsapp).join()}
                message={message}
                whatsapp={thread.whatsapp}
                onSent={sent}
              />
            </section>
          </>
        );
      }}
    </RecordPage>
  );
}
