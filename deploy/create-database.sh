#!/bin/sh
# The app's PostgreSQL role and database, made once by PostgreSQL's superuser:
#
#   runuser -u postgres -- env TDAPP_DB_PASSWORD='...' sh deploy/create-database.sh [ROLE] [DATABASE]
#
# (ROLE and DATABASE default to tdapp; the password is the one DATABASE_URL gives, read from the
# environment so that it shows on no command line.) The role logs in and is nothing more: no
# superuser and no BYPASSRLS, both of which skip row-level security, the second wall between
# clubs (migration 0970). It owns the database, so `tdapp db upgrade`, run as it, makes tables it
# owns, and FORCE ROW LEVEL SECURITY binds their owner too. tests/hosted runs this script.
set -eu
role=${1:-tdapp}
database=${2:-tdapp}
: "${TDAPP_DB_PASSWORD:?set TDAPP_DB_PASSWORD to the role's password (the one in DATABASE_URL)}"
psql -X -q -v ON_ERROR_STOP=1 -v role="$role" -v database="$database" -d postgres <<'SQL'
\set password `printenv TDAPP_DB_PASSWORD`
CREATE ROLE :"role" LOGIN PASSWORD :'password' NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
CREATE DATABASE :"database" OWNER :"role";
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
SQL
