import { useId, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from './icons';

interface FileInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  label: string;
}

/**
 * A file field whose button reads the same in every browser, 'Browse' in English (spec section 9)
 * and its own word in each other language: the native control cannot be relabelled, so it stays
 * in the page, visually hidden but focusable, and a label draws the button and the chosen file names.
 */
export function FileInput({ label, id, onChange, ...inputProps }: FileInputProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [fileNames, setFileNames] = useState('');

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    setFileNames(Array.from(event.target.files ?? [], (file) => file.name).join(', '));
    onChange?.(event);
  }

  return (
    <div className="file-input">
      <label className="form-label" htmlFor={inputId}>
        {label}
      </label>
      <input {...inputProps} id={inputId} type="file" className="file-input__native" onChange={handleChange} />
      <label className="file-input__control" htmlFor={inputId}>
        <span className="file-input__button">
          <UploadIcon size={18} />
          {t('fileInput.browse')}
        </span>
        <span className="file-input__names">{fileNames || t('fileInput.noFile')}</span>
      </label>
    </div>
  );
}
