/**
 * A phone number with its country: a real `<select name="phoneRegion">` (Ghana by default; the
 * countries the agency serves first, then every other) beside the number. A number typed with `+`
 * and its country code keeps its own country. The server reads the number and is the judge of it
 * (no phone metadata ships to the browser); its messages show under the field.
 */
import { useField } from 'formik';
import type { ChangeEvent } from 'react';
import type { FieldRule } from '@/config/rules';
import rawPhoneRegions from '@/generated/phone-regions.json';
import { FieldMessage, useFieldMessage } from './Fields';
import { useFieldIds } from './form-context';

const HINT = 'Choose the country of your number, or type it with + and its country code.';

function regionOption([code, name, dialCode]: readonly [string, string, number]) {
  return (
    <option key={code} value={code}>
      {`${name} (+${dialCode})`}
    </option>
  );
}

/** Server-made names and dialling codes (no phone metadata): Ghana, the Gulf and the others served first. */
const phoneRegions = rawPhoneRegions as { listedFirst: number; regions: [string, string, number][] };
const SERVED = phoneRegions.regions.slice(0, phoneRegions.listedFirst);
const OTHERS = phoneRegions.regions.slice(phoneRegions.listedFirst);

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

export function PhoneField({
  rule,
  label,
  regionName,
}: {
  rule: FieldRule;
  label: string;
  regionName: string;
}) {
  const [phone] = useField<string>(rule.name);
  const [region] = useField<string>(regionName);
  const ids = useFieldIds(rule.name);
  const regionIds = useFieldIds(regionName);
  const phoneMessage = useFieldMessage(rule.name);
  const regionMessage = useFieldMessage(regionName);
  const onRegion = (event: ChangeEvent<HTMLSelectElement>) => {
    regionMessage.clearServer();
    phoneMessage.clearServer(); // an ambiguous number's message answers the country too
    region.onChange(event);
  };
  const onPhone = (event: ChangeEvent<HTMLInputElement>) => {
    phoneMessage.clearServer();
    phone.onChange(event);
  };
  return (
    <div className="field phone-field">
      <label htmlFor={ids.id}>
        {label}
        {rule.required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <div className="phone-field__row">
        <label htmlFor={regionIds.id} className="visually-hidden">
          Phone country
        </label>
        <select
          id={regionIds.id}
          name={regionName}
          className="phone-field__country"
          value={region.value}
          onChange={onRegion}
          onBlur={region.onBlur}
          autoComplete="tel-country-code"
          aria-invalid={regionMessage.message ? true : undefined}
          aria-describedby={describedBy(regionMessage.message && regionIds.errorId)}
        >
          <optgroup label="Countries we serve">{SERVED.map(regionOption)}</optgroup>
          <optgroup label="All countries">{OTHERS.map(regionOption)}</optgroup>
        </select>
        <input
          id={ids.id}
          name={rule.name}
          type="tel"
          className="phone-field__number"
          value={phone.value ?? ''}
          onChange={onPhone}
          onBlur={phone.onBlur}
          maxLength={rule.maxLength}
          autoComplete="tel-national"
          aria-required={rule.required ? true : undefined}
          aria-invalid={phoneMessage.message ? true : undefined}
          aria-describedby={describedBy(ids.hintId, phoneMessage.message && ids.errorId)}
        />
      </div>
      <small id={ids.hintId} className="field__hint">
        {HINT}
      </small>
      <FieldMessage id={ids.errorId} message={phoneMessage.message} />
      <FieldMessage id={regionIds.errorId} message={regionMessage.message} />
    </div>
  );
}
