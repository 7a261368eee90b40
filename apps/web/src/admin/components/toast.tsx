import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ToastMessage {
  id: number;
  text: string;
  tone: 'success' | 'danger';
}

const ToastContext = createContext<(text: string, tone?: ToastMessage['tone']) => void>(() => {});

/** Shows a short confirmation ("Settings saved") in the console's corner. */
export function useToast() {
  return useContext(ToastContext);
}

let nextId = 1;

/** Holds the console's toasts: announced politely, closable, gone after five seconds. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const show = useCallback((text: string, tone: ToastMessage['tone'] = 'success') => {
    setToasts((current) => [...current, { id: nextId++, text, tone }]);
  }, []);
  const close = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="admin-toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} closeLabel={t('actions.close')} onClose={close} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({
  toast,
  closeLabel,
  onClose,
}: {
  toast: ToastMessage;
  closeLabel: string;
  onClose: (id: number) => void;
}) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), 5000);
    return () => clearTimeout(timer);
  }, [onClose, toast.id]);
  return (
    <div className={`admin-toast admin-toast--${toast.tone}`}>
      <span>{toast.text}</span>
      <button type="button" className="btn-close" aria-label={closeLabel} onClick={() => onClose(toast.id)} />
    </div>
  );
}
