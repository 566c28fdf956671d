"""The admin area's guarded route handlers.

Add the admin area's controllers and handlers (dashboard, applications, jobs, messages,
blog, settings...) to ``ADMIN_HANDLERS``; their paths are relative to ``/api/admin``. Every
one of them is guarded by :func:`app.admin.security.admin_guard` (401 signed out, 403 not
admin, CSRF on state-changing methods) and may take ``admin: AdminUser`` as a dependency.
``tests/admin/test_guards.py`` walks the app's route table to prove it.
"""

from __future__ import annotations

from litestar.types import ControllerRouterHandler

from app.admin.applications import ApplicationsController
from app.admin.appointments import AppointmentsController
from app.admin.blog import BlogPostsAdminController
from app.admin.bulk import BulkController
from app.admin.dashboard import dashboard
from app.admin.data_requests import DataRequestsController
from app.admin.employers import EmployersController, JobLinksController, JobOrdersController
from app.admin.fees import FeePolicyController
from app.admin.jobs import JobsController
from app.admin.messages import MessagesController
from app.admin.newsletter import NewsletterController
from app.admin.notes import NotesController, RepliesController, staff_list
from app.admin.operations import operations_page
from app.admin.packs import PackFiguresController, PacksController
from app.admin.phones import PhonesToConfirmController
from app.admin.pipeline import PipelineController
from app.admin.pipeline_board import PipelineBoardController
from app.admin.pipeline_documents import ApplicantDocumentsController, PipelineGatesController
from app.admin.refunds import RefundsController
from app.admin.settings import AdminSettingsController, audit_log
from app.admin.subscribers import SubscribersController
from app.admin.templates import TemplatesController
from app.admin.welfare import ApplicantWelfareController, WelfareController
from app.admin.whatsapp import application_whatsapp_line

ADMIN_HANDLERS: list[ControllerRouterHandler] = [
    dashboard,
    operations_page,
    ApplicationsController,
    PhonesToConfirmController,
    AppointmentsController,
    MessagesController,
    JobsController,
    BlogPostsAdminController,
    SubscribersController,
    NewsletterController,
    AdminSettingsController,
    audit_log,
    DataRequestsController,
    TemplatesController,
    BulkController,
    NotesController,
    RepliesController,
    staff_list,
    FeePolicyController,
    RefundsController,
    PipelineController,
    ApplicantDocumentsController,
    PipelineGatesController,
    PipelineBoardController,
    WelfareController,
    ApplicantWelfareController,
    EmployersController,
    JobOrdersController,
    JobLinksController,
    PacksController,
    PackFiguresController,
    application_whatsapp_line,
]
