import type { ComponentType } from 'react';
import { SearchPanel as SearchDrawerContent } from '../features/search/components/search-panel';

/**
 * What features put into the shell's slots, so the layout imports features and never the
 * other way round. The search drawer shows the search feature's panel; with `null` the
 * header would show no search button.
 */
export type SearchPanelComponent = ComponentType<{ onNavigate: () => void }>;
export const SearchPanel: SearchPanelComponent | null = SearchDrawerContent;
