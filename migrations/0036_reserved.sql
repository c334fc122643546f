-- Reserved: the number of the database-roles migration, made on another branch. This empty file
-- keeps the versions consecutive (0037 follows) until that branch lands; the merge replaces it.
SELECT 1;
