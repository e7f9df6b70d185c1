/**
 * The form's fields, in order: add by type, name, help, required, options and limits; reorder by dragging a
 * card or by its ↑ ↓ buttons. The definition's checks run on the server (formDefinitionProblems).
 */
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import HolderOutlined from '@ant-design/icons/HolderOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  FORM_FIELD_TYPES,
  FORM_FILE_MB_MAX,
  FORM_HELP_MAX,
  FORM_LABEL_MAX,
  type FormField,
  type FormFieldType,
} from '@yuexun/contract';
import { Button, Card, Dropdown, Flex, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from '../../../locales/intl';

const CHOICE: readonly FormFieldType[] = ['single', 'multiple'];
const LIMITED: readonly FormFieldType[] = ['text', 'textarea', 'number', 'multiple'];
/** A file's one limit: its size in MB (the server's FORM_FILE_MB_MAX bounds it). */
const SIZED: readonly FormFieldType[] = ['file'];

/** A key no field of the list has yet: the type and a number. */
const freshKey = (type: FormFieldType, fields: readonly Partial<FormField>[]) => {
  let n = fields.length + 1;
  while (fields.some((f) => f.key === `${type}${n}`)) n += 1;
  return `${type}${n}`;
};

export function FieldList() {
  const { t } = useIntl();
  const form = Form.useFormInstance();
  const [dragged, setDragged] = useState<number | null>(null);
  return (
    <Form.List name="fields">
      {(items, { add, remove, move }) => (
        <Flex vertical gap={8}>
          {items.map((item, index) => {
            const type: FormFieldType = form.getFieldValue(['fields', item.name, 'type']);
            const label: string = form.getFieldValue(['fields', item.name, 'label']) || '';
            return (
              <Card
                key={item.key}
                size="small"
                draggable
                onDragStart={() => setDragged(index)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={() => {
                  if (dragged !== null && dragged !== index) move(dragged, index);
                  setDragged(null);
                }}
                data-testid="form-field"
                title={
                  <Flex align="center" gap={8}>
                    <HolderOutlined style={{ cursor: 'grab' }} aria-label={t('forms.drag')} />
                    <span>
                      {index + 1}. {t(`forms.type.${type}`)}
                    </span>
                  </Flex>
                }
                extra={
                  <Flex gap={4}>
                    <Button
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={t('forms.moveUp', { label })}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    />
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={t('forms.moveDown', { label })}
                      disabled={index === items.length - 1}
                      onClick={() => move(index, index + 1)}
                    />
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('forms.removeField', { label })}
                      onClick={() => remove(index)}
                    />
                  </Flex>
                }
              >
                <Form.Item name={[item.name, 'type']} hidden>
                  <Input />
                </Form.Item>
                <Flex gap={8} wrap>
                  <Form.Item
                    name={[item.name, 'label']}
                    label={t('forms.field.label')}
                    rules={[{ required: true, message: t('forms.field.labelRequired') }]}
                    style={{ flex: '2 1 200px', marginBottom: 8 }}
                  >
                    <Input maxLength={FORM_LABEL_MAX} />
                  </Form.Item>
                  <Form.Item
                    name={[item.name, 'key']}
                    label={t('forms.field.key')}
                    tooltip={t('forms.field.keyHelp')}
                    rules={[
                      {
                        required: true,
                        pattern: /^[A-Za-z][A-Za-z0-9_]{0,39}$/,
                        message: t('forms.field.keyHelp'),
                      },
                    ]}
                    style={{ flex: '1 1 120px', marginBottom: 8 }}
                  >
                    <Input maxLength={40} autoComplete="off" />
                  </Form.Item>
                  {type !== 'consent' && (
                    <Form.Item
                      name={[item.name, 'required']}
                      label={t('forms.field.required')}
                      valuePropName="checked"
                      style={{ marginBottom: 8 }}
                    >
                      <Switch />
                    </Form.Item>
                  )}
                </Flex>
                <Form.Item
                  name={[item.name, 'help']}
                  label={t('forms.field.help')}
                  style={{ marginBottom: 8 }}
                >
                  <Input maxLength={FORM_HELP_MAX} />
                </Form.Item>
                {CHOICE.includes(type) && (
                  <Form.Item
                    name={[item.name, 'options']}
                    label={t('forms.field.options')}
                    extra={t('forms.field.optionsHelp')}
                    style={{ marginBottom: 8 }}
                  >
                    <Select mode="tags" open={false} tokenSeparators={[',', '，', '\n']} suffixIcon={null} />
                  </Form.Item>
                )}
                {SIZED.includes(type) && (
                  <Form.Item
                    name={[item.name, 'max']}
                    label={t('forms.field.max.size')}
                    extra={t('forms.field.max.sizeHelp', { max: FORM_FILE_MB_MAX })}
                    style={{ marginBottom: 0 }}
                  >
                    <InputNumber precision={0} min={1} max={FORM_FILE_MB_MAX} />
                  </Form.Item>
                )}
                {LIMITED.includes(type) && (
                  <Flex gap={8} wrap>
                    <Form.Item
                      name={[item.name, 'min']}
                      label={t(
                        `forms.field.min.${type === 'number' ? 'value' : type === 'multiple' ? 'count' : 'length'}`,
                      )}
                      style={{ marginBottom: 0 }}
                    >
                      <InputNumber precision={0} />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'max']}
                      label={t(
                        `forms.field.max.${type === 'number' ? 'value' : type === 'multiple' ? 'count' : 'length'}`,
                      )}
                      style={{ marginBottom: 0 }}
                    >
                      <InputNumber precision={0} />
                    </Form.Item>
                  </Flex>
                )}
              </Card>
            );
          })}
          {items.length === 0 && <Typography.Text type="secondary">{t('forms.noFields')}</Typography.Text>}
          <Dropdown
            trigger={['click']}
            menu={{
              items: FORM_FIELD_TYPES.map((type) => ({ key: type, label: t(`forms.type.${type}`) })),
              onClick: ({ key }) => {
                const type = key as FormFieldType;
                const fields: Partial<FormField>[] = form.getFieldValue('fields') ?? [];
                add({
                  type,
                  key: freshKey(type, fields),
                  label: type === 'consent' ? t('forms.consentDefault') : '',
                  help: '',
                  required: type === 'consent',
                  options: [],
                });
              },
            }}
          >
            <Button icon={<PlusOutlined />} block type="dashed">
              {t('forms.addField')}
            </Button>
          </Dropdown>
        </Flex>
      )}
    </Form.List>
  );
}
