/** The public face of admin-forms: the formik field kit the employer and job order forms share. */
export { ConflictAlert, REQUIRED, Repeated, SelectField, TextField, fieldId } from './fields';
export { saveWith } from './save';
