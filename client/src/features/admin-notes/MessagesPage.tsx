import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { markMessageRead, listMessages, MESSAGE_VIEWS } from './api/messages';
import type { ContactMessage } from '@/features/admin-shell';
import {
  countOf,
  formatDateTime,
  runAction,
  useAdminTitle,
  AsyncView,
  PageHeader,
  PagedTable,
  QuickViews,
  useAdminQuery,
  useInvalidate,
} from '@/features/admin-shell';

const PAGE_SIZE = 20;

export default function MessagesPage() {
  useAdminTitle('Messages');
  const [params, setParams] = useSearchParams();
  const view = params.get('view') ?? '';
  const [page, setPage] = useState(1);
  const [state, reload] = useAdminQuery({
    key: ['messages', 'list', page, view],
    load: (signal) => listMessages(page, PAGE_SIZE, signal, view),
  });
  const invalidate = useInvalidate();
  const [read, setRead] = useState<Set<string>>(new Set());

  const markRead = async (message: ContactMessage) => {
    const done = await runAction(() => markMessageRead(message.id));
    if (!done) return;
    setRead((current) => new Set(current).add(message.id));
    // The dashboard's count of new messages, and this message's page (this list shows it read).
    invalidate(['dashboard'], ['messages', 'thread', message.id]);
  };

  return (
    <>
      <PageHeader title="Messages" />
      <QuickViews
        label="Quick views of messages"
        options={MESSAGE_VIEWS}
        value={view}
        onChange={(next) => {
          setParams(next ? { view: next } : {});
          setPage(1);
        }}
      />
      <AsyncView state={state} onRetry={reload}>
        {(data) => {
          const unread = data.items.filter((m) => !m.read && !read.has(m.id)).length;
          return (
            <section className="admin-card">
              <PagedTable
                data={data}
                label="Messages"
                onPage={setPage}
                caption={
                  <>
                    Contact inbox: {countOf(data.total, 'message')}
                    {unread ? `, ${unread} unread on this page` : ''}
                  </>
                }
                columns={['Subject and message', 'From', 'Service', 'Received', 'Actions']}
                empty="No messages yet."
                row={(message) => {
                  const isRead = message.read || read.has(message.id);
                  return (
                    <tr key={message.id} className={isRead ? '' : 'is-unread'}>
                      <th scope="row">
                        {message.subject}
                        {isRead ? null : <span className="admin-new">Unread</span>}
                        <p className="admin-message-body">{message.message}</p>
                      </th>
                      <td>
                        <div>{message.name}</div>
                        <div className="admin-small">
                          <a href={`mailto:${message.email}`}>{message.email}</a>
                        </div>
                        {message.phone ? (
                          <div className="admin-small">
                            <a href={`tel:${message.phone}`}>{message.phone}</a>
                          </div>
                        ) : null}
                      </td>
                      <td>{message.service ?? '—'}</td>
                      <td>{formatDateTime(message.createdAt)}</td>
                      <td>
                        <div className="admin-actions">
                          <Link
                            className="admin-button admin-button--small admin-button--primary"
                            to={`/admin/messages/${encodeURIComponent(message.id)}`}
                            aria-label={`Reply to ${message.name}`}
                          >
                            Reply
                          </Link>
                          {isRead ? null : (
                            <button
                              type="button"
                              className="admin-button admin-button--small"
                              aria-label={`Mark ${message.subject} as read`}
                              onClick={() => void markRead(message)}
                            >
                              Mark read
                            </button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                }}
              />
            </section>
          );
        }}
      </AsyncView>
    </>
  );
}
