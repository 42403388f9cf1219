import type { ReactElement } from 'react';
import { TitleOnly } from '../../ui/PageHeader';

// Spec §2: these pages show their title only.
export const HelpScreen = (): ReactElement => <TitleOnly title="Help center" />;
export const PartnersScreen = (): ReactElement => <TitleOnly title="Our Partners" />;
export const TermsScreen = (): ReactElement => <TitleOnly title="Terms and conditions" />;
export const PrivacyScreen = (): ReactElement => <TitleOnly title="Privacy Policy" />;
