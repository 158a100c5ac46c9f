from elotui.cli import main

raise SystemExit(main())
