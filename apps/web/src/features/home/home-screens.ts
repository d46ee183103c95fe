import { defineScreens } from '../../lib/screens';

export const homeScreens = defineScreens([{ path: '/', page: ['home-page', 'HomePage'] }]);
