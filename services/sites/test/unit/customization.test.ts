import { expectOfficialSchema } from '@dp/testing';
import { defaultCustomization } from '../../src/presenters/customization';

test('When a site has no customization of its own, Then the defaults are valid official SiteCustomizationSettings with its title', () => {
  const settings = defaultCustomization('Docs');
  expect(settings.title).toBe('Docs');
  expectOfficialSchema('SiteCustomizationSettings', settings);
});
