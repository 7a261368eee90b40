import { useSettings } from '../../data/settings';
import { useActivityCounts } from '../hooks/use-activity-counts';
import { documentTitle } from '../rules';
import { HeadTitle } from './head-title';

/** Sets the document title, with the activity count; without a title, the site's index title. */
export function DocumentTitle({ title }: { title?: string }) {
  const settings = useSettings();
  const { unreadMessages, newLikes } = useActivityCounts();
  const text = title
    ? documentTitle(title, settings.name, unreadMessages + newLikes)
    : documentTitle(null, settings.index_title, unreadMessages + newLikes);
  return <HeadTitle>{text}</HeadTitle>;
}
