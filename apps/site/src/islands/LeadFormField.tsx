/**
 * One field of the lead form: its label (starred unless optional), the control its kind calls for (a select of
 * the contract's choices, the message's textarea, or a text input with its input mode), and the error line.
 */
import type { LeadField } from '../lib/lead-form';
import { INPUTS, SELECTS } from '../lib/lead-form-controls';
import { lead as words } from '../locales/zh-CN';

interface Props {
  name: LeadField;
  label: string | undefined;
  placeholder: string | undefined;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}

function Control({ name, placeholder, value, error, onChange, onBlur }: Omit<Props, 'label'>) {
  const described = {
    id: `lead-${name}`,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `lead-${name}-error` : undefined,
    onBlur,
  };
  if (name === 'schoolType' || name === 'teamSize') {
    const select = SELECTS[name];
    return (
      <select {...described} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{words.choose}</option>
        {select.values.map((choice) => (
          <option key={choice} value={choice}>
            {(select.labels as Record<string, string>)[choice]}
          </option>
        ))}
      </select>
    );
  }
  if (name === 'message')
    return (
      <textarea
        {...described}
        rows={3}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <input
      type="text"
      {...described}
      {...INPUTS[name]}
      value={value}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function LeadFormField(props: Props) {
  const { name, label, error } = props;
  return (
    <div className={`field${error ? ' has-error' : ''}${name === 'message' ? ' field-wide' : ''}`}>
      <label htmlFor={`lead-${name}`}>
        {label}
        {name !== 'message' && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <Control {...props} />
      {/* Always there, empty when the field is fine: a message appearing on blur must not move the
          submit button away from under the finger that just pressed it (the tap would be lost). */}
      <p className="field-error" id={`lead-${name}-error`}>
        {error}
      </p>
    </div>
  );
}
