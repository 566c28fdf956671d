/**
 * A job order's form (create and edit): positions (trade, head-count, salary, currency), benefits,
 * contract length, valid until, domestic work in a household. Checked on submit with the server's
 * messages; 422 on the fields, 409 (a stale version) to the page.
 */
import { Field, Form, Formik, useFormikContext } from 'formik';
import { useMemo } from 'react';
import { useFocusFirstInvalid } from '@/features/admin-shell';
import { createOrder, updateOrder, type Order } from './api/orders';
import { Repeated, TextField, fieldId, saveWith } from '@/features/admin-forms';
import { blankPosition, orderBody, orderSchema, orderValues, type OrderValues } from './order-form';

const FORM = 'order';
const idOf = (name: string) => fieldId(FORM, name);

function Positions() {
  const { values } = useFormikContext<OrderValues>();
  const name = (index: number, field: string) => `positions.${index}.${field}`;
  return (
    <Repeated
      form={FORM}
      name="positions"
      noun="Position"
      count={values.positions.length}
      blank={() => blankPosition(values.positions[0]?.currency || 'AED')}
    >
      {(index) => (
        <div className="admin-form employer-position">
          <TextField form={FORM} name={name(index, 'trade')} label="Trade" />
          <TextField form={FORM} name={name(index, 'headCount')} label="Head-count" inputMode="numeric" />
          <TextField form={FORM} name={name(index, 'salary')} label="Salary a month" inputMode="numeric" />
          <TextField form={FORM} name={name(index, 'currency')} label="Currency" />
        </div>
      )}
    </Repeated>
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
