import { type BusinessFormValues, emptyFormValues } from '../features/businesses/wizard/form-values.ts';
import { DESCRIPTION_150 } from './businesses.ts';

// Form values for the wizard's unit tests: a complete idea and a complete established business.

export const idea = (overrides: Partial<BusinessFormValues> = {}): BusinessFormValues => ({
  ...emptyFormValues(),
  businessType: 'business-idea',
  logo: { kind: 'gradient', index: 0 },
  name: 'Oliva Directa',
  description: DESCRIPTION_150,
  team_description: 'Dos fundadores',
  goal: 'Validar la demanda',
  ...overrides,
});

export const established = (overrides: Partial<BusinessFormValues> = {}): BusinessFormValues => ({
  ...idea(),
  businessType: 'established-business',
  user_position: 'Fundadora',
  mission_and_vision: 'Pan para cada barrio',
  billing: 250000,
  ebitda: 40000,
  profit_margin: 16,
  team_size: 8,
  ...overrides,
});
