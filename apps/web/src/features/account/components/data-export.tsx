import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '../../../components/icons';

/** Where the member's data export downloads from: a GET the browser saves as the server names it. */
const DATA_EXPORT_URL = '/api/export.php';

/**
 * "Download my data": a plain download link, so the browser streams the archive to disk with
 * the server's file name and the session cookie, without holding it in the page's memory.
 */
export function DataExport() {
  const { t } = useTranslation();
  return (
    <div className="data-export">
      <a href={DATA_EXPORT_URL} download className="btn btn-outline-primary data-export__button">
        <DownloadIcon size={18} />
        {t('dataExport.button')}
      </a>
      <p className="form-text mb-0">{t('dataExport.note')}</p>
    </div>
  );
}
