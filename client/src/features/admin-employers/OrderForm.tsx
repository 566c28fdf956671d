/**
 * A job order's form (create and edit): positions (trade, head-count, salary, currency), benefits,
 * contract length, valid until, domestic work in a household. Checked on submit with the server's
 * messages; 422 on the fields, 409 (a stale version) to the page.
 */
import { Field, FieldArray, Form, Formik, useFormikContext } from 'formik';
import { useMemo } from 'react';
import { useFocusFirstInvalid } from '@/features/admin-shell';
import { createOrder, updateOrder, type Order } from './api/employers';
import { Message, TextField, fieldId, useMessage } from './fields';
import { blankPosition, orderBody, orderSchema, orderValues, type OrderValues } from './order-form';
import { saveWith } from './save';

const FORM = 'order';
const idOf = (name: string) => fieldId(FORM, name);

function PositionFields({ index, onRemove }: { index: number; onRemove: (() => void) | null }) {
  const name = (field: string) => `positions.${index}.${field}`;
  return (
    <fieldset className="admin-field admin-field--full employer-contact">
      <legend>{`Position ${index + 1}`}</legend>
      <div className="admin-form employer-position">
        <TextField form={FORM} name={name('trade')} label="Trade" />
        <TextField form={FORM} name={name('headCount')} label="Head-count" inputMode="numeric" />
        <TextField form={FORM} name={name('salary')} label="Salary a month" inputMode="numeric" />
        <TextField form={FORM} name={name('currency')} label="Currency" />
      </div>
      {onRemove ? (
        <button
          type="button"
          className="admin-button admin-button--ghost admin-button--small"
          onClick={onRemove}
        >
          {`Remove position ${index + 1}`}
        </button>
      ) : null}
    </fieldset>
  );
}

function Positions() {
  const { values } = useFormikContext<OrderValues>();
  const message = useMessage('positions');
  return (
    <FieldArray name="positions">
      {(array) => (
        <>
          {values.positions.map((_, index) => (
            <PositionFields
              key={index}
              index={index}
              onRemove={values.positions.length > 1 ? () => array.remove(index) : null}
            />
          ))}
          <Message id={idOf('positions-error')} message={message} />
          <div className="admin-field--full">
            <button
              type="button"
              className="admin-button admin-button--ghost"
              onClick={() => array.push(blankPosition(values.positions[0]?.currency || 'AED'))}
            >
              Add a position
            </button>
          </div>
        </>
      )}
    </FieldArray>
  );
}

function Check({ name, label }: { name: keyof OrderValues; label: string }) {
  return (
    <label>
      <Field type="checkbox" name={name} /> {label}
    </label>
  );
}

function Fields({ saving, label }: { saving: boolean; label: string }) {
  const form = useFormikContext<OrderValues>();
  const order = useMemo(
    () => [
      ...form.values.positions.flatMap((_, i) =>
        ['trade', 'headCount', 'salary', 'currency'].map((f) => `positions.${i}.${f}`),
      ),
      'contractMonths',
      'validUntil',
    ],
    [form.values.positions],
  );
  useFocusFirstInvalid(form, order, idOf);
  return (
    <Form className="admin-form admin-form--grid" noValidate>
      <Positions />
      <fieldset className="admin-field admin-field--full">
        <legend>Benefits</legend>
        <div className="admin-checks">
          <Check name="accommodation" label="Accommodation" />
          <Check name="transport" label="Transport" />
          <Check name="food" label="Food" />
        </div>
      </fieldset>
      <TextField form={FORM} name="contractMonths" label="Contract length (months)" inputMode="numeric" />
      <TextField form={FORM} name="validUntil" label="Valid until" type="date" />
      <div className="admin-field admin-checks">
        <Check name="domesticWork" label="Domestic work in a household" />
      </div>
      <div className="admin-actions admin-field--full">
        <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
          {saving ? 'Saving...' : label}
        </button>
      </div>
    </Form>
  );
}

export function OrderForm({
  order,
  employerId,
  onSaved,
  onConflict,
}: {
  order: Order | null;
  employerId: string;
  onSaved: (order: Order) => void;
  onConflict: (message: string) => void;
}) {
  return (
    <Formik<OrderValues>
      initialValues={orderValues(order)}
      enableReinitialize
      validationSchema={orderSchema}
      validateOnChange={false}
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        const body = orderBody(values, employerId, order?.version);
        const call = () => (order ? updateOrder(order.id, body) : createOrder(body));
        const saved = await saveWith(helpers, call, onConflict);
        if (saved) onSaved(saved);
      }}
    >
      {({ isSubmitting }) => <Fields saving={isSubmitting} label={order ? 'Save order' : 'Create order'} />}
    </Formik>
  );
}
