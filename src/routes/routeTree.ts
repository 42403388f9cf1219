// Every route of spec §2, registered once (`/poll` is declared once; `/extra` renders the same screen as `/more`).
import { rootRoute } from './__root';
import { Route as IndexRoute } from './index';
import { Route as HomeRoute } from './home';
import { Route as OneIconRoute } from './one-icon';
import { Route as StoriesPageRoute } from './stories-page';
import { Route as PollCategoriesRoute } from './poll-categories';
import { Route as PollRoute } from './poll';
import { Route as VoteRoute } from './vote';
import { Route as CreatePollRoute } from './create-poll';
import { Route as ResponsesRoute } from './responses';
import { Route as LocalRoute } from './local';
import { Route as ProfileRoute } from './profile';
import { Route as OnegovernorRoute } from './onegovernor';
import { Route as MinisterRoute } from './minister';
import { Route as WebRoute } from './web';
import { Route as CabinetRoute } from './cabinet';
import { Route as GovernorsRoute } from './governors';
import { Route as MichiganRoute } from './michigan';
import { Route as CourtRoute } from './court';
import { Route as VoterResourcesRoute } from './voter-resources';
import { Route as MyProfileRoute } from './my-profile';
import { Route as MoreRoute } from './more';
import { Route as ExtraRoute } from './extra';
import { Route as AccountRoute } from './account';
import { Route as FeedbackRoute } from './feedback';
import { Route as HelpRoute } from './help';
import { Route as PartnersRoute } from './partners';
import { Route as PrivacyPolicyRoute } from './privacy-policy';
import { Route as TermsConditionsRoute } from './terms-conditions';
import { Route as LocationRoute } from './location';
import { Route as ChatRoute } from './chat';
import { Route as OutboxRoute } from './outbox';
import { Route as SyncRoute } from './sync';
import { Route as OrganiserRoute } from './organiser';

export const routeTree = rootRoute.addChildren([
  IndexRoute, HomeRoute, OneIconRoute, StoriesPageRoute, PollCategoriesRoute, PollRoute, VoteRoute, CreatePollRoute, ResponsesRoute, LocalRoute, ProfileRoute, OnegovernorRoute, MinisterRoute, WebRoute, CabinetRoute, GovernorsRoute, MichiganRoute, CourtRoute, VoterResourcesRoute, MyProfileRoute, MoreRoute, ExtraRoute, AccountRoute, FeedbackRoute, HelpRoute, PartnersRoute, PrivacyPolicyRoute, TermsConditionsRoute, LocationRoute, ChatRoute, OutboxRoute, SyncRoute, OrganiserRoute,
]);
