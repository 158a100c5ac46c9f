"""What identifies an elotui logbook file, without importing SQLAlchemy or Alembic.

`migrate` (which can change the file) and `reader` (which only reads it) both rely on these; a test
checks that HEAD_REVISION is the head of the migration scripts.
"""

from __future__ import annotations

APPLICATION_ID = 0x454C4F54  # "ELOT" in `PRAGMA application_id`, set by the first migration
HEAD_REVISION = "0001"  # the newest schema this elotui knows
