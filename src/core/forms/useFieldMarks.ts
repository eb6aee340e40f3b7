/**
 * A mark put on one of a form's fields from outside its own rules — the server's reason for refusing a save
 * (src/api/problemPlace.ts saveMarkingRefusal): the field shows the reason under it and is brought into view
 * with the cursor in it (an upload field: on its choose-file button); the mark goes as soon as the field's value changes (a field without rules would
 * otherwise keep it until the next save). Spread `formProps` on the (Modal, Drawer) form: its formRef and
 * onFieldsChange, which no other form hook uses. A plain antd Form made with Form.useForm passes its instance
 * (`useFieldMarks(form)`) and takes only `formProps.onFieldsChange` (it has no formRef).
 */
import { useMemo, useRef, type RefObject } from 'react';
import type { ProFormInstance } from '@ant-design/pro-components';
import type { FormInstance, FormProps } from 'antd';

/** A form field's name path: ['VendorCode'], or a line's cell ['Lines', 1, 'PartCode']. */
export type FieldPath = readonly (string | number)[];

export interface FieldMarks {
  formProps: { formRef: RefObject<ProFormInstance | undefined>; onFieldsChange: NonNullable<FormProps['onFieldsChange']> };
  /** Whether the form shows a field of this name (one of its form items is named so). */
  has(name: FieldPath): boolean;
  /** Shows `reason` on the field, brings it into view and puts the cursor in it; a field marked before is cleared. */
  mark(name: FieldPath, reason: string): void;
}

const samePath = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((part, index) => part === b[index]);

/** What a field's control can be focused by: a focusable element, as a keyboard reaches it. */
const FOCUSABLE = 'button, input:not([type=hidden]):not([type=file]), textarea, select, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * A field whose own control takes no focus (an upload: its file input is hidden, the form focuses its wrapper):
 * the cursor goes to the first control inside it instead (the upload's choose-file button), for the user to pick
 * another file from the keyboard.
 */
function focusWithin(form: FormInstance, name: FieldPath) {
  const instance: unknown = form.getFieldInstance([...name]);
  const node = instance instanceof HTMLElement ? instance : (instance as { nativeElement?: unknown } | null)?.nativeElement;
  if (!(node instanceof HTMLElement) || node.contains(document.activeElement)) return;
  node.querySelector<HTMLElement>(FOCUSABLE)?.focus();
}

export function useFieldMarks(antdForm?: FormInstance): FieldMarks {
  const formRef = useRef<ProFormInstance | undefined>(undefined);
  const marked = useRef<{ name: FieldPath; value: unknown } | undefined>(undefined);
  return useMemo(() => {
    const formOf = (): FormInstance | undefined => antdForm ?? formRef.current;
    const clear = () => {
      if (marked.current) formOf()?.setFields([{ name: [...marked.current.name], errors: [] }]);
      marked.current = undefined;
    };
    return {
      formProps: {
        formRef,
        onFieldsChange: (changed) => {
          const mark = marked.current;
          if (mark && changed.some((field) => samePath([field.name].flat(), mark.name) && field.value !== mark.value)) clear();
        },
      },
      has(name) {
        let found = false;
        // A name no form item has comes back without its meta (rc-field-form): nothing to mark it on.
        formOf()?.getFieldsValue([[...name]], (meta) => {
          found = Boolean(meta);
          return false;
        });
        return found;
      },
      mark(name, reason) {
        const form = formOf();
        if (!form) return;
        clear();
        marked.current = { name, value: form.getFieldValue([...name]) };
        form.setFields([{ name: [...name], errors: [reason] }]);
        form.scrollToField([...name], { block: 'center', focus: true });
        focusWithin(form, name);
      },
    };
  }, [antdForm]);
}
