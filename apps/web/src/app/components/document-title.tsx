import { useSettings } from '../../features/settings/api/get-settings';
import { useActivityCounts } from '../hooks/use-activity-counts';
import { documentTitle } from '../rules';

/** Sets the document title (React hoists <title> into the head); without a title, the site's index title. */
export function DocumentTitle({ title }: { title?: string }) {
  const settings = useSettings();
  const { unreadMessages, newLikes } = useActivityCounts();
  const text = title
    ? documentTitle(title, settings.name, unreadMessages + newLikes)
    : documentTitle(null, settings.index_title, unreadMessages + newLikes);
  return <title>{text}</title>;
}
