/**
 * An employer's form (create and edit): company, country, city, trade licence number, contacts (name,
 * e-mail, phone with its country in the shared phone field), notes. Checked on submit; the server's 422
 * messages go under their fields; a 409 (someone saved meanwhile) goes to the page, which reloads.
 */
import { Form, Formik, useFormikContext } from 'formik';
import { useMemo } from 'react';
import { PhoneField } from '@/components/form/PhoneField';
import { FormIdContext } from '@/components/form/form-context';
import type { FieldRule } from '@/config/rules';
import { Repeated, SelectField, TextField, fieldId, saveWith } from '@/features/admin-forms';
import { useFocusFirstInvalid } from '@/features/admin-shell';
import type { Employer } from './api/employers';
import { createEmployer, updateEmployer } from './api/employers';
import {
  COUNTRIES,
  blankContact,
  employerBody,
  employerSchema,
  employerValues,
  type EmployerValues,
} from './employer-form';

const FORM = 'employer';
const idOf = (name: string) => fieldId(FORM, name);
const phoneRule = (index: number): FieldRule => ({
  name: `contacts.${index}.phone`,
  kind: 'phone',
  maxLength: 40,
});

function Contacts() {
  const { values } = useFormikContext<EmployerValues>();
  const name = (index: number, field: string) => `contacts.${index}.${field}`;
  return (
    <Repeated
      form={FORM}
      name="contacts"
      noun="Contact"
      count={values.contacts.length}
      blank={() => blankContact(values.country)}
    >
      {(index) => (
        <div className="admin-form admin-form--grid">
          <TextField form={FORM} name={name(index, 'name')} label="Name" />
          <TextField form={FORM} name={name(index, 'email')} label="E-mail" type="email" />
          <PhoneField rule={phoneRule(index)} label="Phone" regionName={name(index, 'phoneCountry')} />
        </div>
      )}
    </Repeated>
  );
}

function Fields({ saving }: { saving: boolean }) {
  const form = useFormikContext<EmployerValues>();
  const order = useMemo(
    () => [
      'company',
      'country',
      'city',
      'licenceNumber',
      ...form.values.contacts.flatMap((_, i) => [
        `contacts.${i}.name`,
        `contacts.${i}.email`,
        `contacts.${i}.phone`,
      ]),
    ],
    [form.values.contacts],
  );
  useFocusFirstInvalid(form, order, idOf);
  return (
    <Form className="admin-form admin-form--grid" noValidate>
      <TextField form={FORM} name="company" label="Company" />
      <SelectField form={FORM} name="country" label="Country">
        <option value="">Choose the country</option>
        {COUNTRIES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
      <TextField form={FORM} name="city" label="City" />
      <TextField form={FORM} name="licenceNumber" label="Trade licence number" />
      <Contacts />
      <TextField form={FORM} name="notes" label="Notes" full />
      <div className="admin-actions admin-field--full">
        <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save employer'}
        </button>
      </div>
    </Form>
  );
}

export function EmployerForm({
  employer,
  onSaved,
  onConflict,
}: {
  employer: Employer | null;
  onSaved: (employer: Employer) => void;
  onConflict: (message: string) => void;
}) {
  return (
    <FormIdContext.Provider value={FORM}>
      <Formik<EmployerValues>
        initialValues={employerValues(employer)}
        enableReinitialize
        validationSchema={employerSchema}
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={async (values, helpers) => {
          const body = employerBody(values, employer?.version);
          const call = () => (employer ? updateEmployer(employer.id, body) : createEmployer(body));
          const saved = await saveWith(helpers, call, onConflict);
          if (saved) onSaved(saved);
        }}
      >
        {({ isSubmitting }) => <Fields saving={isSubmitting} />}
      </Formik>
    </FormIdContext.Provider>
  );
}
