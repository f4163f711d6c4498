import type { Control } from 'react-hook-form';
import type { FieldDecl } from '../../../domain/resource';
import type { FieldPlan } from './form-field-plan';
import type { PickerSource } from './lookup';
import type { ResourceMeta } from './use-resource';

type Values = Record<string, unknown>;

/** What every widget of one form shares: the resource, its words, the plan, the form, and the page's narrowing. */
export type WidgetSetup = {
  resource: string;
  meta: ResourceMeta;
  plan: FieldPlan;
  control: Control<Values>;
  role: string;
  /** Enum values a page narrows. */
  choices: Record<string, readonly string[]>;
  /** Fields shown but not editable. */
  disabled: readonly string[];
  /** Reference ids not offered. */
  exclude: Record<string, readonly string[]>;
  /** Where a reference picker's options come from instead of the resource's lookup. */
  sources: Record<string, PickerSource>;
};

/** One field's widget: its name and declaration, its label, whether it is required or disabled, and the form's setup. */
export type FieldProps = {
  name: string;
  f: FieldDecl;
  label: string;
  required: boolean;
  off: boolean;
  setup: WidgetSetup;
};
