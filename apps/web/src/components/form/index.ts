export {
  CheckField,
  CheckListField,
  Form,
  FormAlert,
  FormContext,
  PasswordField,
  SelectField,
  TextAreaField,
  TextField,
  useFieldError,
  useGroupError,
} from './fields';
export { describedBy, FieldShell } from './field-shell';
export { oneText, problemText, type FieldMessages } from './problem-text';
export { showFailure, useAppForm, type AppForm } from './use-app-form';
