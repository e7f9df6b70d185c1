// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${label} and friends are antd validateMessages placeholders
/** Generic form messages (antd Form validateMessages, spec §5), English. */
export const validateMessages = {
  default: 'Validation error on field ${label}',
  required: 'Please enter ${label}',
  enum: '${label} must be one of [${enum}]',
  whitespace: '${label} cannot be empty',
  date: {
    format: '${label} is invalid for format date',
    parse: '${label} could not be parsed as date',
    invalid: '${label} is invalid date',
  },
  types: {
    string: '${label} is not a valid text',
    method: '${label} is not a valid method',
    array: '${label} is not a valid array',
    object: '${label} is not a valid object',
    number: '${label} is not a valid number',
    date: '${label} is not a valid date',
    boolean: '${label} is not a valid boolean',
    integer: '${label} is not a valid integer',
    float: '${label} is not a valid float',
    regexp: '${label} is not a valid regular expression',
    email: '${label} is not a valid email',
    url: '${label} is not a valid url',
    hex: '${label} is not a valid hex',
  },
  string: {
    len: '${label} must be ${len} characters',
    min: '${label} must be at least ${min} characters',
    max: '${label} cannot be longer than ${max} characters',
    range: '${label} must be between ${min}-${max} characters',
  },
  number: {
    len: '${label} must equal ${len}',
    min: '${label} cannot be less than ${min}',
    max: '${label} cannot be greater than ${max}',
    range: '${label} must be between ${min}-${max}',
  },
  array: {
    len: 'Must be ${len} ${label}',
    min: 'At least ${min} ${label}',
    max: 'At most ${max} ${label}',
    range: 'The amount of ${label} must be between ${min}-${max}',
  },
  pattern: { mismatch: '${label} does not match the pattern ${pattern}' },
};
