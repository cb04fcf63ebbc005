import type { ComponentType } from 'react';
import { SearchPanel as SearchDrawerContent } from '../features/search/components/search-panel';

/**
 * The search feature fills the search drawer: replace `null` with its component, e.g.
 * `export const SearchPanel: SearchPanelComponent | null = SearchDrawerContent;`.
 * Until then the header shows no search button.
 */
export type SearchPanelComponent = ComponentType<{ onNavigate: () => void }>;
export const SearchPanel: SearchPanelComponent | null = SearchDrawerContent;
