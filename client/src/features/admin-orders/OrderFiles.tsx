/**
 * An order's demand letter and power of attorney: each kept file with its audited download, and the
 * upload (checked by the server as a CV is; its message shows under the file field).
 */
import { useId, useState, type FormEvent } from 'react';
import { notify } from '@/lib/notify';
import { DataTable, errorMessage, fieldErrors, formatDateTime } from '@/features/admin-shell';
import { orderFileHref, uploadOrderFile, type Order, type OrderFileKind } from './api/orders';

export const FILE_KINDS: Record<OrderFileKind, string> = {
  demand_letter: 'Demand letter',
  power_of_attorney: 'Power of attorney',
};
const CHOOSE_FILE = 'Choose a file to upload';

function UploadForm({ order, onSaved }: { order: Order; onSaved: (order: Order) => void }) {
  const id = useId();
  const [kind, setKind] = useState<OrderFileKind>('demand_letter');
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setMessage(CHOOSE_FILE);
    setBusy(true);
    try {
      const saved = await uploadOrderFile(order.id, kind, file);
      setMessage(null);
      setFile(null);
      setInputKey((key) => key + 1);
      void notify(`${FILE_KINDS[kind]} uploaded`, 'success');
      onSaved(saved);
    } catch (error) {
      const fields = fieldErrors(error);
      setMessage(fields ? Object.values(fields).join(' ') : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const errorId = `${id}-error`;
  return (
    <form className="admin-form admin-form--grid" onSubmit={onSubmit} noValidate>
      <div className="admin-field">
        <label htmlFor={`${id}-kind`}>Kind of file</label>
        <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as OrderFileKind)}>
          {Object.entries(FILE_KINDS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-file`}>File (.pdf, .jpg, .jpeg or .png, at most 5MB)</label>
        <input
          key={inputKey}
          id={`${id}-file`}
          type="file"
          accept=".pdf,.jpg,.jpeg,.png"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          onChange={(e) => {
            setMessage(null);
            setFile(e.target.files?.[0] ?? null);
          }}
        />
        {message ? (
          <p id={errorId} className="admin-error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
      <div className="admin-actions admin-field--full">
        <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </button>
      </div>
    </form>
  );
}

export function FilesSection({ order, onSaved }: { order: Order; onSaved: (order: Order) => void }) {
  return (
    <section className="admin-card" aria-labelledby="order-files">
      <h2 id="order-files">Files</h2>
      <DataTable
        caption="The order's files"
        hiddenCaption
        columns={['File', 'Uploaded', 'Download']}
        items={order.files}
        empty="No files yet."
        row={(file) => (
          <tr key={file.id}>
            <th scope="row">{`${FILE_KINDS[file.kind]} (${file.fileType})`}</th>
            <td>{`${formatDateTime(file.uploadedAt)} by ${file.uploadedBy}`}</td>
            <td>
              <a href={orderFileHref(order.id, file.id)} download>
                {`Download ${FILE_KINDS[file.kind].toLowerCase()}`}
              </a>
            </td>
          </tr>
        )}
      />
      <UploadForm order={order} onSaved={onSaved} />
    </section>
  );
}
