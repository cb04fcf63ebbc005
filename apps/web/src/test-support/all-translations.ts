// Components render in tests without the router's loaders: every namespace is there from the
// start, as on a signed-in page (decision 184).
import { loadAllTranslations } from '../i18n';

await loadAllTranslations();
