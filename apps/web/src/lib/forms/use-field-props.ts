import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** `form.getInputProps` with its error (an i18n key) said in the interface language. */
export function useFieldProps<Values>(form: UseFormReturnType<Values>) {
  const { t } = useTranslation();
  return (path: keyof Values & string, options?: { type?: 'input' | 'checkbox' }) => {
    const props = form.getInputProps(path, options);
    return { ...props, error: props.error ? t(String(props.error)) : undefined };
  };
}
