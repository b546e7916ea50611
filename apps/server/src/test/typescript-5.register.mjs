import { register } from 'node:module';

register('./typescript-5.hooks.mjs', import.meta.url);
