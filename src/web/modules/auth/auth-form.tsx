import type { FormEvent, ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { AuthFormFrame, type AuthFormFrameProps } from './auth-form-frame';

/** The auth pages' form on react-hook-form: the frame, its fields bound to `methods`. */
export function AuthForm<T extends FieldValues>({
  methods,
  onSubmit,
  ...frame
}: Omit<AuthFormFrameProps, 'onSubmit' | 'submitting'> & {
  methods: UseFormReturn<T>;
  onSubmit: (values: T) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <FormProvider {...methods}>
      <AuthFormFrame
        {...frame}
        onSubmit={(e: FormEvent) => void methods.handleSubmit(onSubmit)(e)}
        submitting={methods.formState.isSubmitting}
      />
    </FormProvider>
  );
}
