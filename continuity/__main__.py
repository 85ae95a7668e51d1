from continuity.cli import main

raise SystemExit(main())
