import { useFormik } from 'formik';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { errorMessage, fieldErrors, useConfirm, useFocusFirstInvalid } from '@/features/admin-shell';
import { moveApplicant, type Pipeline } from './api/pipeline';
import {
  EMPTY_MOVE,
  MAX_TEXT,
  checkMove,
  choiceOf,
  confirmMove,
  moveChoices,
  moveRequest,
  type MoveChoice,
  type MoveValues,
} from './moves';

const FIELDS = ['to', 'reason', 'closeReason', 'closeText'] as const;
const fieldId = (name: string) => `pipeline-${name}`;

/** A 409's message and, when the departure gate refused the move, each check that failed. */
export interface Refusal {
  message: string;
  failing: string[];
}

function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const failing = (error.body as { failing?: unknown } | null)?.failing;
  return {
    message: errorMessage(error),
    failing: Array.isArray(failing) ? failing.filter((f): f is string => typeof f === 'string') : [],
  };
}

const SUBMIT: Record<MoveChoice['kind'], string> = { move: 'Move', correction: 'Correct', close: 'Close' };

function Field({
  name,
  label,
  error,
  children,
}: {
  name: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={fieldId(name)}>{label}</label>
      {children}
      {error ? (
        <p className="admin-error" id={`${fieldId(name)}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The attributes every field shares: its id, its message's description, invalid while it has one. */
const described = (name: string, error: string | undefined) => ({
  id: fieldId(name),
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${fieldId(name)}-error` : undefined,
});

function StageSelect({
  choices,
  value,
  error,
  onChange,
}: {
  choices: MoveChoice[];
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const group = (kind: MoveChoice['kind']) => choices.filter((c) => c.kind === kind);
  return (
    <Field name="to" label="Move to" error={error}>
      <select {...described('to', error)} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a stage</option>
        {group('move').length ? (
          <optgroup label="Next stages">
            {group('move').map((c) => (
              <option key={c.to} value={c.to}>
                {c.label}
              </option>
            ))}
          </optgroup>
        ) : null}
        {group('correction').length ? (
          <optgroup label="Correction (back, with a reason)">
            {group('correction').map((c) => (
              <option key={c.to} value={c.to}>
                Correction: {c.label}
              </option>
            ))}
          </optgroup>
        ) : null}
        {group('close').map((c) => (
          <option key={c.to} value={c.to}>
            Close (with a reason)
          </option>
        ))}
      </select>
    </Field>
  );
}

function CloseFields({
  pipeline,
  values,
  errors,
  set,
}: {
  pipeline: Pipeline;
  values: MoveValues;
  errors: Partial<MoveValues>;
  set: (name: keyof MoveValues, value: string) => void;
}) {
  return (
    <>
      <Field name="closeReason" label="Why is it closed?" error={errors.closeReason}>
        <select
          {...described('closeReason', errors.closeReason)}
          value={values.closeReason}
          onChange={(e) => set('closeReason', e.target.value)}
        >
          <option value="">Choose a reason</option>
          {pipeline.closeReasons.map((r) => (
            <option key={r.key} value={r.key}>
              {r.label}
            </option>
          ))}
        </select>
      </Field>
      {values.closeReason === 'other' ? (
        <Field name="closeText" label="Say why" error={errors.closeText}>
          <input
            {...described('closeText', errors.closeText)}
            maxLength={MAX_TEXT}
            value={values.closeText}
            onChange={(e) => set('closeText', e.target.value)}
          />
        </Field>
      ) : null}
    </>
  );
}

/**
 * The move form: a later stage, an earlier one as a correction with its reason, or Close with a
 * reason from the fixed list; confirmed first, sent on the version shown. The server's answer is
 * shown (`onMoved`); a 409 (the stage changed meanwhile, not approved, the departure gate) is
 * told and the stage read again (`onRefused`).
 */
export function MoveForm({
  pipeline,
  onMoved,
  onRefused,
}: {
  pipeline: Pipeline;
  onMoved: (after: Pipeline) => void;
  onRefused: (refusal: Refusal) => void;
}) {
  const choices = moveChoices(pipeline);
  const { dialog, confirm } = useConfirm();
  const labelOf = (key: string) => pipeline.closeReasons.find((r) => r.key === key)?.label ?? key;
  const form = useFormik<MoveValues>({
    initialValues: EMPTY_MOVE,
    validateOnChange: false,
    validateOnBlur: false,
    validate: (values) => checkMove(values, choiceOf(choices, values.to)),
    onSubmit: async (values, helpers) => {
      const choice = choiceOf(choices, values.to);
      if (!choice || !(await confirm(confirmMove(choice, labelOf(values.closeReason))))) return;
      try {
        const after = await moveApplicant(
          pipeline.applicationId,
          moveRequest(values, choice, pipeline.version),
        );
        helpers.resetForm();
        void notify(
          choice.kind === 'close' ? 'Closed' : `Now at ${after.stageLabel ?? choice.label}`,
          'success',
        );
        onMoved(after);
      } catch (error) {
        const refusal = refusalOf(error);
        void notify(errorMessage(error, 'The move could not be made'), 'error');
        if (refusal) onRefused(refusal);
        else helpers.setErrors(fieldErrors(error) ?? {});
      }
    },
  });
  useFocusFirstInvalid(form, FIELDS, fieldId);
  const { values, errors } = form;
  const set = (name: keyof MoveValues, value: string) => void form.setFieldValue(name, value);
  const kind = choiceOf(choices, values.to)?.kind ?? 'move';

  if (choices.length === 0) {
    return <p className="admin-muted">An application enters the pipeline once it is approved.</p>;
  }
  return (
    <>
      {dialog}
      <form
        className="admin-form admin-form--grid"
        onSubmit={form.handleSubmit}
        noValidate
        aria-label="Move the applicant"
      >
        <StageSelect choices={choices} value={values.to} error={errors.to} onChange={(v) => set('to', v)} />
        {kind === 'correction' ? (
          <Field name="reason" label="Reason for the correction" error={errors.reason}>
            <input
              {...described('reason', errors.reason)}
              maxLength={MAX_TEXT}
              value={values.reason}
              onChange={(e) => set('reason', e.target.value)}
            />
          </Field>
        ) : null}
        {kind === 'close' ? (
          <CloseFields pipeline={pipeline} values={values} errors={errors} set={set} />
        ) : null}
        <div className="admin-actions admin-field--full">
          <button
            type="submit"
            className={`admin-button ${kind === 'close' ? 'admin-button--danger' : 'admin-button--primary'}`}
            disabled={form.isSubmitting}
          >
            {form.isSubmitting ? 'Saving...' : SUBMIT[kind]}
          </button>
        </div>
      </form>
    </>
  );
}
