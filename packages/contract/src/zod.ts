import { z } from 'zod';

// Validation messages zod writes itself (types, formats) are in Spanish, on the server and in the browser.
// Every schema module takes `z` from here, so wherever a schema is loaded the locale is set too. This is
// the package's only module with a side effect ("sideEffects" in package.json): the bundler may drop
// every other module a screen does not use, which keeps zod out of screens that only need constants.
// In the browser zod is also told not to compile validators with `new Function`: the page's content
// security policy forbids it, and zod's probe for it shows as a policy violation. The server keeps them.
z.config({ ...z.locales.es(), jitless: 'document' in globalThis });

export { z };
