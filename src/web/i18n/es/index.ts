import common from './common';
import auth from './auth';
import landing from './landing';
import donation from './donation';
import notFound from './not-found';
import profile from './profile';

export default { common, auth, landing, donation, notFound, profile };
