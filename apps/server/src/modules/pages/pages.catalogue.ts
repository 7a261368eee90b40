import { DEFAULT_LOCALE, type ContentPage, type ContentPageText, type Locale } from '@app/shared';
import { catalogueAt, pageCatalogue, type CatalogueNode } from '../../plugins/i18n.js';

/** A list of strings from a catalogue node; anything else is empty. */
function strings(node: CatalogueNode | undefined): string[] {
  return Array.isArray(node) ? node.filter((n): n is string => typeof n === 'string') : [];
}

/** The object fields of a catalogue node's list entries. */
function entries(node: CatalogueNode | undefined): Array<Record<string, CatalogueNode>> {
  return Array.isArray(node)
    ? node.filter((n): n is Record<string, CatalogueNode> => typeof n === 'object' && !Array.isArray(n))
    : [];
}

const text = (node: CatalogueNode | undefined) => (typeof node === 'string' ? node : '');

/**
 * A content page as the `pages` catalogue words it in `locale` (the nl entry when that language
 * has none, as the web app falls back), placeholders unfilled.
 */
export function catalogueContentPage(locale: Locale, page: ContentPage): ContentPageText {
  const found =
    catalogueAt(pageCatalogue(locale, 'pages'), page) ?? catalogueAt(pageCatalogue(DEFAULT_LOCALE, 'pages'), page);
  const node = found && typeof found === 'object' && !Array.isArray(found) ? found : {};
  return {
    title: text(node.title),
    description: text(node.description),
    intro: text(node.intro),
    sections: entries(node.sections).map((section) => {
      const paragraphs = strings(section.paragraphs);
      const items = entries(section.items).map((item) => ({ q: text(item.q), a: text(item.a) }));
      return {
        heading: text(section.heading),
        ...(paragraphs.length > 0 && { paragraphs }),
        ...(items.length > 0 && { items }),
      };
    }),
  };
}
