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

const replySchema = yup.object({
  channel: yup.string().oneOf(['email', 'sms']).required(),
  text: yup
    .string()
    .trim()
    .required(REPLY_REQUIRED)
    .when('channel', ([channel]: unknown[], schema: yup.StringSchema) =>
      channel === 'sms'
        ? schema.max(SMS_REPLY_MAX_LENGTH, SMS_REPLY_TOO_LONG)
        : schema.max(REPLY_MAX_LENGTH, REPLY_TOO_LONG),
    ),
});

/** The subject the e-mail reply goes out with (the server's rule: "Re:" once). */
export function replySubject(subject: string | null | undefined): string {
  const text = (subject ?? '').trim();
  if (!text) return 'Re: your message to Vandy Travel and Recruitment Services';
  return /^re:/i.test(text) ? text : `Re: ${text}`;
}

function ReplyForm({
  message,
  onSent,
}: {
  message: ContactMessage;
  onSent: (thread: MessageThread) => void;
}) {
  const channels: ReplyChannel[] = [
    ...(message.email ? ['email' as const] : []),
    ...(message.phone ? ['sms' as const] : []),
  ];
  const form = useFormik<{ channel: ReplyChannel; text: string }>({
    initialValues: { channel: channels[0] ?? 'email', text: '' },
    validationSchema: replySchema,
    onSubmit: async (values, helpers) => {
      const thread = await runAction(
        () => sendReply(message.id, values.channel, values.text.trim()),
        'Reply sent',
      );
      if (thread) {
        onSent(thread);
        helpers.resetForm({ values: { channel: values.channel, text: '' } });
      }
    },
  });
  if (channels.length === 0)
    return <p className="admin-muted">This message has no e-mail address or phone to reply to.</p>;
  const limit = form.values.channel === 'sms' ? SMS_REPLY_MAX_LENGTH : REPLY_MAX_LENGTH;
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
            {channel === 'email' ? `E-mail to ${message.email}` : `SMS to ${message.phone}`}
          </label>
        ))}
      </fieldset>
      {form.values.channel === 'email' ? (
        <p className="admin-muted admin-small">
          Sent from the agency&apos;s address with the subject “{replySubject(message.subject)}”.
        </p>
      ) : null}
      <TextAreaField form={form} name="text" id="reply-text" label="Your reply" maxLength={limit} rows={6} />
      <button type="submit" className="admin-button admin-button--primary" disabled={form.isSubmitting}>
        {form.isSubmitting ? 'Sending...' : 'Send reply'}
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
                        {reply.channel === 'email'
                          ? `e-mail to ${reply.recipient}`
                          : `SMS to ${reply.recipient}`}{' '}
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
              <ReplyForm message={message} onSent={sent} />
            </section>
          </>
        );
      }}
    </RecordPage>
  );
}
