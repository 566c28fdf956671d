/**
 * The departure gates (issue 45 item 3; docs/pipeline-documents.md): the default gate and each
 * destination's own, and the form that sets one (passport months, the medical's and the police
 * clearance's validity days, the checks it requires), saved on the version read (audited by the server).
 */
import { Form, Formik } from 'formik';
import { useState, type FormEvent } from 'react';
import { useResource } from '@/lib/use-resource';
import { notify } from '@/lib/notify';
import { TextField, saveWith } from '@/features/admin-forms';
import { AsyncView, DataTable, PageHeader, formatDateTime, useAdminTitle } from '@/features/admin-shell';
import {
  getGate,
  getGates,
  setGate,
  type GateAnswer,
  type GatesAnswer,
  type GateSettings,
} from './api/documents';
import { destinationName, gateBody, gateSchema, gateValues, type GateValues } from './gate-form';
import { GateHistory, RemoveGate } from './GateHistory';
import { useKept } from './kept';
import './documents.css';

const FORM = 'gate';
type Options = GatesAnswer['checks'];

const checksText = (settings: GateSettings, options: Options): string =>
  options
    .filter((o) => settings.checks.includes(o.key))
    .map((o) => o.label)
    .join(', ') || 'none';

function GateForm({
  answer,
  options,
  onSaved,
}: {
  answer: GateAnswer;
  options: Options;
  onSaved: (saved: GateAnswer) => void;
}) {
  const [conflict, setConflict] = useState<string | null>(null);
  const name = destinationName(answer.destination);
  return (
    <section className="admin-card" aria-labelledby="gate-form-heading">
      <h2 id="gate-form-heading">{`Gate: ${name}`}</h2>
      <p className="admin-muted">
        {answer.own === null
          ? answer.destination
            ? 'No gate of its own yet: it follows the default, shown below. Saving gives it its own.'
            : 'The built-in default is in force. Saving stores it.'
          : `Version ${answer.version}, set ${formatDateTime(answer.updatedAt)} by ${answer.updatedBy}.`}
      </p>
      {conflict ? (
        <div className="admin-alert" role="alert">
          <p>{conflict}</p>
          <p>Your values are kept: the table above now shows the gate as saved; save again to replace it.</p>
        </div>
      ) : null}
      <Formik<GateValues>
        initialValues={gateValues(answer)}
        validationSchema={gateSchema}
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={async (values, helpers) => {
          const saved = await saveWith(
            helpers,
            () => setGate(gateBody(values, answer)),
            (message) => {
              setConflict(message);
              void getGate(answer.destination).then(onSaved, () => undefined);
            },
          );
          if (!saved) return;
          setConflict(null);
          void notify(`Gate saved: ${destinationName(saved.destination)}`, 'success');
          onSaved(saved);
        }}
      >
        {({ values, setFieldValue, isSubmitting }) => (
          <Form className="admin-form admin-form--grid" noValidate aria-label="Set the gate">
            <TextField
              form={FORM}
              name="passportMonths"
              label="Passport valid after departure (months)"
              inputMode="numeric"
            />
            <TextField
              form={FORM}
              name="medicalValidityDays"
              label="Medical valid for (days)"
              inputMode="numeric"
            />
            <TextField
              form={FORM}
              name="policeClearanceValidityDays"
              label="Police clearance valid for (days)"
              inputMode="numeric"
            />
            <fieldset className="admin-field admin-field--full gate-checks">
              <legend>Checks a departure must pass</legend>
              <div className="admin-checks">
                {options.map((option) => (
                  <label key={option.key}>
                    <input
                      type="checkbox"
                      checked={values.checks.includes(option.key)}
                      onChange={(e) =>
                        void setFieldValue(
                          'checks',
                          e.target.checked
                            ? options
                                .map((o) => o.key)
                                .filter((k) => k === option.key || values.checks.includes(k))
                            : values.checks.filter((k) => k !== option.key),
                        )
                      }
                    />
                    {option.label}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="admin-actions admin-field--full">
              <button type="submit" className="admin-button admin-button--primary" disabled={isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Save the gate'}
              </button>
            </div>
          </Form>
        )}
      </Formik>
      <RemoveGate answer={answer} onRemoved={onSaved} />
      <GateHistory destination={answer.destination} version={answer.version} />
    </section>
  );
}

function GateRow({
  gate,
  options,
  onOpen,
}: {
  gate: GateAnswer | null;
  options: Options;
  onOpen: (destination: string) => void;
}) {
  const destination = gate?.destination ?? '';
  if (!gate) {
    return (
      <tr>
        <th scope="row">{destinationName('')}</th>
        <td colSpan={5}>The built-in default (open it to see its values)</td>
        <td>
          <button type="button" className="admin-button admin-button--small" onClick={() => onOpen('')}>
            Edit the default
          </button>
        </td>
      </tr>
    );
  }
  const settings = gate.inForce;
  return (
    <tr>
      <th scope="row">{destinationName(destination)}</th>
      <td>{`${settings.passportMonths} months`}</td>
      <td>{`${settings.medicalValidityDays} days`}</td>
      <td>{`${settings.policeClearanceValidityDays} days`}</td>
      <td>{checksText(settings, options)}</td>
      <td>{gate.updatedAt ? `${formatDateTime(gate.updatedAt)} by ${gate.updatedBy}` : '—'}</td>
      <td>
        <button
          type="button"
          className="admin-button admin-button--small"
          onClick={() => onOpen(destination)}
        >
          {`Edit ${destination || 'the default'}`}
        </button>
      </td>
    </tr>
  );
}

function GatesTable({
  gates,
  options,
  onOpen,
}: {
  gates: GatesAnswer;
  options: Options;
  onOpen: (destination: string) => void;
}) {
  const rows = gates.gates.some((g) => g.destination === '') ? gates.gates : [null, ...gates.gates];
  return (
    <DataTable
      caption="Gates in force"
      columns={['Destination', 'Passport', 'Medical', 'Police clearance', 'Checks', 'Set', '']}
      items={rows}
      empty="No gates yet."
      row={(gate) => (
        <GateRow
          key={gate?.destination.toLowerCase() ?? 'built-in'}
          gate={gate}
          options={options}
          onOpen={onOpen}
        />
      )}
    />
  );
}

function OpenDestination({ onOpen }: { onOpen: (destination: string) => void }) {
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onOpen(name.trim());
  };
  return (
    <form className="admin-form admin-form--grid" onSubmit={submit} aria-label="Open a destination's gate">
      <div className="admin-field">
        <label htmlFor="gate-destination">Destination (the application's preferred country)</label>
        <input id="gate-destination" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="admin-actions">
        <button type="submit" className="admin-button">
          Open its gate
        </button>
      </div>
    </form>
  );
}

export default function GatesPage() {
  useAdminTitle('Departure gates');
  const [read, reloadGates] = useResource(getGates, 'pipeline-gates');
  const gates = useKept(read);
  const [destination, setDestination] = useState('');
  const [opened, reloadGate] = useResource((signal) => getGate(destination, signal), `gate-${destination}`);
  const [saved, setSaved] = useState<GateAnswer | null>(null);
  const shown =
    opened.status === 'success' && saved?.destination.toLowerCase() === destination.toLowerCase()
      ? { status: 'success' as const, data: saved }
      : opened;
  const open = (name: string) => {
    setSaved(null);
    setDestination(name);
  };
  return (
    <>
      <PageHeader title="Departure gates" />
      <p className="admin-muted">
        A move to Departed is refused unless the applicant passes their destination&apos;s gate; a destination
        without its own follows the default.
      </p>
      <AsyncView state={gates} onRetry={reloadGates}>
        {(all) => (
          <>
            <section className="admin-card" aria-labelledby="gates-heading">
              <h2 id="gates-heading">Gates</h2>
              <GatesTable gates={all} options={all.checks} onOpen={open} />
              <OpenDestination onOpen={open} />
            </section>
            <AsyncView state={shown} onRetry={reloadGate}>
              {(answer) => (
                <GateForm
                  key={`${answer.destination.toLowerCase()}-${answer.own === null ? 'default' : 'own'}`}
                  answer={answer}
                  options={all.checks}
                  onSaved={(after) => {
                    setSaved(after);
                    reloadGates();
                  }}
                />
              )}
            </AsyncView>
          </>
        )}
      </AsyncView>
    </>
  );
}
