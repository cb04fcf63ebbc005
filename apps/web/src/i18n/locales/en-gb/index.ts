import { namespacesOf } from '../../namespaces';

// Every `<namespace>.json` beside this file, so a feature only adds its file.
export default namespacesOf(import.meta.glob('./*.json', { eager: true }));
