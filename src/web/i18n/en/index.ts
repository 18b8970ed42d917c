import common from './common';
import auth from './auth';
import landing from './landing';
import donation from './donation';
import notFound from './not-found';

export default { common, auth, landing, donation, notFound };
